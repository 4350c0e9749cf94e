import useSWRMutation from 'swr/mutation';
import type { ProfileUpdate } from '@stormline/contract/areas/profile';
import { profileRoutes } from '@stormline/contract/areas/profile';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { profileKey, useToken } from '../../../lib/auth';
import { refetchOnConflict } from '../../../lib/conflict';

export type UpdateProfileInput = ApiBody<typeof profileRoutes.updateProfile>;

/** POST /api/users/profile: answers the saved profile, or 409 when `version` is stale. */
export function updateProfile(body: UpdateProfileInput) {
  return callApi(profileRoutes.updateProfile, { body });
}

/** Saves and puts the answer in the profile cache, so the top bar and every page show the new name at once. */
export function useUpdateProfile() {
  const token = useToken();
  return useSWRMutation(
    token ? profileKey(token) : null,
    (_key: readonly unknown[], { arg }: { arg: ProfileUpdate }) => updateProfile(arg),
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onError: (error) => token && refetchOnConflict(error, profileKey(token)),
    },
  );
}
