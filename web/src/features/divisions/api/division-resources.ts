import { useState } from 'react';
import useSWR, { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useDebouncedValue } from '@mantine/hooks';
import {
  divisionsRoutes,
  type NamedResourceRow,
  type UserResourceRow,
} from '@stormline/contract/areas/divisions';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import {
  LIST_SEARCH_DELAY_MS,
  useServerList,
  type ListRequest,
  type ServerPage,
} from '../../../lib/list/server-list';

/** The four tabs of spec 001 §2, by their URL segment (kebab case) and their API resource. */
export const RESOURCE_TABS = [
  { tab: 'regulations', kind: 'regulations', label: 'Regulations', singular: 'regulation' },
  {
    tab: 'inspection-templates',
    kind: 'inspectionTemplates',
    label: 'Inspection Templates',
    singular: 'inspection template',
  },
  { tab: 'clients', kind: 'clients', label: 'Clients', singular: 'client' },
  { tab: 'users', kind: 'users', label: 'Users', singular: 'user' },
] as const;

export type ResourceTab = (typeof RESOURCE_TABS)[number];
export type ResourceKind = ResourceTab['kind'];
export type ResourceRow = NamedResourceRow | UserResourceRow;

const ROUTES = {
  regulations: {
    list: divisionsRoutes.listRegulations,
    add: divisionsRoutes.addRegulations,
    remove: divisionsRoutes.removeRegulations,
    ids: 'regulationIds',
  },
  inspectionTemplates: {
    list: divisionsRoutes.listInspectionTemplates,
    add: divisionsRoutes.addInspectionTemplates,
    remove: divisionsRoutes.removeInspectionTemplates,
    ids: 'inspectionTemplateIds',
  },
  clients: {
    list: divisionsRoutes.listClients,
    add: divisionsRoutes.addClients,
    remove: divisionsRoutes.removeClients,
    ids: 'clientIds',
  },
  users: {
    list: divisionsRoutes.listUsers,
    add: divisionsRoutes.addUsers,
    remove: divisionsRoutes.removeUsers,
    ids: 'userIds',
  },
} as const;

const resourceOf = (kind: ResourceKind) => `divisions/resources/${kind}`;

/** Every cached page of one division's tabs (and their rows to add). */
const isDivisionResourceKey = (divisionId: string) => (key: unknown) =>
  Array.isArray(key) && key[0] === divisionId && String(key[1]).startsWith('divisions/resources/');

/** GET /api/divisions/{id}/{kind}: one page of the division's rows, or with scope=company the rows to add. */
export function getResources(
  divisionId: string,
  kind: ResourceKind,
  { cursor, s }: ListRequest,
  scope: 'division' | 'company' = 'division',
): Promise<ServerPage<ResourceRow>> {
  // The four list routes share one query and page shape; their rows differ only in the columns.
  const route = ROUTES[kind].list as typeof divisionsRoutes.listClients;
  return callApi(route, {
    params: { id: divisionId },
    query: { cursor, s, ...(scope === 'company' ? { scope } : {}) },
  }) as Promise<ServerPage<ResourceRow>>;
}

/**
 * A division tab's list: page and search in the URL (useServerList), the answer cached under the
 * division of the page.
 */
export function useResourceList(divisionId: string, kind: ResourceKind) {
  return useServerList<ResourceRow>({
    resource: resourceOf(kind),
    divisionId,
    load: (request) => getResources(divisionId, kind, request),
  });
}

/**
 * The 'Add {thing}' modal's rows: the company's, a page at a time, with a search of its own (not
 * in the URL: the tab behind keeps its place), asked LIST_SEARCH_DELAY_MS after typing.
 */
export function useCatalogueList(divisionId: string, kind: ResourceKind) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), LIST_SEARCH_DELAY_MS);
  // The cursors of the pages visited, so Previous goes back without the server's help.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [searchedFor, setSearchedFor] = useState(search);
  if (searchedFor !== search) {
    setSearchedFor(search);
    setCursors([undefined]);
  }
  const cursor = cursors.at(-1);
  const query = useSWR(
    cacheKey(divisionId, `${resourceOf(kind)}/catalogue`, { cursor, s: search }),
    () => getResources(divisionId, kind, { cursor, s: search || undefined }, 'company'),
    { keepPreviousData: true },
  );
  const nextCursor = query.data?.paginationState.nextCursor ?? null;
  return {
    query,
    rows: query.data?.pageData,
    page: cursors.length,
    searchText,
    setSearchText,
    next: nextCursor ? () => setCursors((list) => [...list, nextCursor]) : null,
    previous: cursors.length > 1 ? () => setCursors((list) => list.slice(0, -1)) : null,
  };
}

/** POST /api/divisions/{id}/{kind} with the ids chosen; the tabs are read again. */
export function useAddResources(divisionId: string, kind: ResourceKind) {
  return useSWRMutation(
    cacheKey(divisionId, `${resourceOf(kind)}/add`),
    (_key: unknown, { arg }: { arg: string[] }) =>
      callApi(ROUTES[kind].add as typeof divisionsRoutes.addClients, {
        params: { id: divisionId },
        body: { [ROUTES[kind].ids]: arg } as { clientIds: string[] },
      }),
    { throwOnError: true, onSuccess: () => void mutate(isDivisionResourceKey(divisionId)) },
  );
}

/** DELETE /api/divisions/{id}/{kind} with the ids selected; the tabs are read again. */
export function useRemoveResources(divisionId: string, kind: ResourceKind) {
  return useSWRMutation(
    cacheKey(divisionId, `${resourceOf(kind)}/remove`),
    (_key: unknown, { arg }: { arg: string[] }) =>
      callApi(ROUTES[kind].remove as typeof divisionsRoutes.removeClients, {
        params: { id: divisionId },
        body: { [ROUTES[kind].ids]: arg } as { clientIds: string[] },
      }),
    { throwOnError: true, onSuccess: () => void mutate(isDivisionResourceKey(divisionId)) },
  );
}

/** 'a user', '3 users'. */
export function countOf(count: number, tab: ResourceTab): string {
  return count === 1 ? `1 ${tab.singular}` : `${count} ${tab.singular}s`;
}
