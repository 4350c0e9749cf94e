import { mutate } from 'swr';
import { groupKey } from './get-group';
import { isGroupsListKey } from './get-groups';

/**
 * After a change to a group or its documents: the lists (# of Documents, Date Modified) and the
 * group itself are read again.
 */
export async function refreshGroups(divisionId: string, groupId?: string): Promise<void> {
  await Promise.all([
    mutate(isGroupsListKey),
    groupId ? mutate(groupKey(divisionId, groupId)) : Promise.resolve(),
  ]);
}
