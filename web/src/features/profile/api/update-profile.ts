import useSWRMutation from 'swr/mutation';
import type { ProfileUpdate } from '@stormline/contract/areas/profile';
import { AREAS } from '@stormline/contract/route-table';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { profileKey, useToken } from '../../../lib/auth';

export type UpdateProfileInput = ApiBody<typeof AREAS.users.updateProfile>;

/** POST /api/users/profile: answers the saved profile, or 409 when `version` is stale. */
export function updateProfile(body: UpdateProfileInput) {
  return callApi(AREAS.users.updateProfile, { body });
}

/** Saves and puts the answer in the profile cache, so the top bar and every page show the new name at once. */
export function useUpdateProfile() {
  const token = useToken();
  return useSWRMutation(
    token ? profileKey(token) : null,
    (_key: readonly unknown[], { arg }: { arg: ProfileUpdate }) => updateProfile(arg),
    { populateCache: true, revalidate: false, throwOnError: true },
  );
}
