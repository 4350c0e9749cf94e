import useSWRMutation from 'swr/mutation';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi } from '../../../lib/api-client';
import { clientKey, type Client } from './get-client';

/**
 * The contacts of a client change its record's `users`: each write answers the contacts as they
 * now are, and the cached client takes them without another read.
 */
function withContacts(current: Client | undefined, users: Client['users']): Client | undefined {
  return current ? { ...current, users } : current;
}

/** POST /api/clients/{id}/contacts with the chosen users of the division. */
export function useAddContacts(divisionId: string, id: string) {
  return useSWRMutation(
    clientKey(divisionId, id),
    async (_key: unknown, { arg: userIds }: { arg: string[] }) =>
      (await callApi(clientsRoutes.addClientContacts, { divisionId, params: { id }, body: { userIds } }))
        .users,
    {
      populateCache: (users: Client['users'], current?: Client) => withContacts(current, users)!,
      revalidate: false,
      throwOnError: true,
    },
  );
}

/** DELETE /api/clients/{id}/contacts/{userId}; the server refuses one's own removal too. */
export function useRemoveContact(divisionId: string, id: string) {
  return useSWRMutation(
    clientKey(divisionId, id),
    async (_key: unknown, { arg: userId }: { arg: string }) =>
      (await callApi(clientsRoutes.removeClientContact, { divisionId, params: { id, userId } })).users,
    {
      populateCache: (users: Client['users'], current?: Client) => withContacts(current, users)!,
      revalidate: false,
      throwOnError: true,
    },
  );
}

export type ContactCandidate = Awaited<ReturnType<typeof searchContactCandidates>>[number];

/**
 * Add Contact's user search: the division's users matching `s` (GET /api/users?s=), the first
 * page of them. The 3-character minimum is the form's (CONTACT_SEARCH_MIN_LENGTH).
 */
export async function searchContactCandidates(divisionId: string, s: string, signal?: AbortSignal) {
  const page = await callApi(usersRoutes.listUsers, { divisionId, query: { s }, signal });
  return page.pageData;
}
