import { mutate } from 'swr';
import { isProfileKey } from '../../../lib/auth';
import { isDivisionsListKey } from './get-divisions';

/** After a change: the lists, and the profile (its division names feed the switcher), are read again. */
export async function refreshDivisions(): Promise<void> {
  await mutate((key) => isDivisionsListKey(key) || isProfileKey(key));
}
