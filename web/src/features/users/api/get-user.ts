import useSWR from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export type UserDetail = ApiResponse<typeof usersRoutes.getUser>;
export type RoleOption = ApiResponse<typeof usersRoutes.listRoles>[number];
export type ManagerOptions = Pick<
  ApiResponse<typeof usersRoutes.getUserCreationOptions>,
  'managers' | 'managerRole'
>;

/** A user of the page's division, as Edit User reads and saves it. */
export const userKey = (divisionId: string, id: string) => cacheKey(divisionId, 'users/one', id);

/** GET /api/users/{id}: the Edit User payload (form, divisions, manager, clients and projects, version). */
export function getUser(divisionId: string, id: string) {
  return callApi(usersRoutes.getUser, { divisionId, params: { id } });
}

/** Queries do not refetch on focus (spec 001 §9): a form being edited is never replaced under the user. */
const STILL = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

export function useUser(divisionId: string, id: string) {
  return useSWR(userKey(divisionId, id), () => getUser(divisionId, id), STILL);
}

/** GET /api/roles: every role; the form offers those the signed-in user may give. */
export function useRoles() {
  return useSWR(cacheKey(null, 'roles'), () => callApi(usersRoutes.listRoles), STILL);
}

/**
 * The manager select of Edit User (spec 001 §5): for a role that keeps a manager, the division's
 * users of the role above it (GET /api/users/groups/creation?roleId=); nothing for the others.
 */
export function useManagerOptions(divisionId: string, roleId: string | null, keepsManager: boolean) {
  return useSWR(
    roleId && keepsManager ? cacheKey(divisionId, 'users/managers', roleId) : null,
    async (): Promise<ManagerOptions> => {
      const options = await callApi(usersRoutes.getUserCreationOptions, {
        divisionId,
        query: { roleId: roleId! },
      });
      return { managers: options.managers, managerRole: options.managerRole };
    },
    STILL,
  );
}
