import type { FindingImageRecord } from '@stormline/data/findings';
import { getUsers } from '@stormline/data/users';
import { can } from '@stormline/domain/permissions';
import { grantsOf, roleById } from '@stormline/domain/roles';
import type { Deps } from '../../deps';
import type { PrintPhoto } from '../sections/photo';

/**
 * Finding photos as every report prints them (Print Inspection, Print Inspections, the findings
 * report): whether they are shown at all, and which stored file is printed.
 */

/** A finding image may name a print copy (the photo resized once for print when stored, issue 22). */
export type WithPrintCopy = FindingImageRecord & { printKey?: string | null };

export const PHOTOS_WITHHELD = {
  clientDisabled: 'Photos are not shown: the client has disabled images.',
  noPermission: 'Photos are not shown: your role does not allow reading finding images.',
} as const;

/**
 * Why the printing user sees no photos, or null when they are printed (spec 002: read Finding
 * Images, and the client has not disabled images): the finding detail's rule, so a print shows no
 * more than the screen.
 */
export async function photosWithheld(
  deps: Deps,
  userId: string,
  imagesDisabled: boolean,
): Promise<string | null> {
  if (imagesDisabled) return PHOTOS_WITHHELD.clientDisabled;
  const [user] = await getUsers(deps.db, [userId]);
  const role = user ? roleById(user.roleId) : undefined;
  if (!user || !role || !can(grantsOf(role, user.permissionsOverride), 'read', 'Finding Images'))
    return PHOTOS_WITHHELD.noPermission;
  return null;
}

/** A stored finding image as printed: its print copy when one was made, else the original. */
export function printPhotoOf(image: WithPrintCopy): PrintPhoto {
  return {
    name: image.name,
    key: image.printKey || image.objectKey,
    width: image.width,
    height: image.height,
    rotation: image.rotation,
    annotations: image.annotations,
  };
}
