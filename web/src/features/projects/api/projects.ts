import useSWR, { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { callApi, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { cacheKey, isResourceKey } from '../../../lib/cache-keys';
import { useServerList } from '../../../lib/list/server-list';

export type ProjectRow = ApiResponse<typeof projectsRoutes.listProjects>['pageData'][number];
export type ProjectDetail = ApiResponse<typeof projectsRoutes.getProject>;
export type ProjectContact = ApiResponse<typeof projectsRoutes.listProjectContacts>['pageData'][number];
export type ChangeLogEntry = ApiResponse<typeof projectsRoutes.getProjectChangelog>['pageData'][number];

const PROJECTS_LIST = 'projects/list';
const ARCHIVE_LIST = 'projects/archive';
export const projectKey = (divisionId: string, id: string) => cacheKey(divisionId, 'projects/one', id);
const refreshLists = () =>
  Promise.all([
    mutate(isResourceKey(PROJECTS_LIST)),
    mutate(isResourceKey(ARCHIVE_LIST)),
    mutate(isResourceKey('projects/log')),
  ]);

/** The projects list or the archive (spec 002 §2): search and page in the URL. */
export function useProjectsList(divisionId: string, archived: boolean) {
  return useServerList({
    resource: archived ? ARCHIVE_LIST : PROJECTS_LIST,
    divisionId,
    load: ({ cursor, s }) =>
      callApi(archived ? projectsRoutes.listArchivedProjects : projectsRoutes.listProjects, {
        divisionId,
        params: { id: divisionId },
        query: { cursor, s },
      }),
  });
}

/** One project: the detail's header, its settings and counts. */
export function useProject(divisionId: string, id: string) {
  return useSWR(projectKey(divisionId, id), () =>
    callApi(projectsRoutes.getProject, { divisionId, params: { id } }),
  );
}

/** Archive, restore, delete, publish and withdraw: each answers the project (delete: its id). */
export function useProjectActions(divisionId: string, id: string) {
  const key = projectKey(divisionId, id);
  const run = async (action: 'archive' | 'restore' | 'delete' | 'publish' | 'unpublish') => {
    const archiveParams = { id: divisionId, projectId: id };
    switch (action) {
      case 'archive':
        await mutate(
          key,
          await callApi(projectsRoutes.archiveProject, { divisionId, params: archiveParams }),
          false,
        );
        break;
      case 'restore':
        await mutate(
          key,
          await callApi(projectsRoutes.restoreProject, { divisionId, params: archiveParams }),
          false,
        );
        break;
      case 'publish':
        await mutate(
          key,
          await callApi(projectsRoutes.publishProject, { divisionId, params: { id } }),
          false,
        );
        break;
      case 'unpublish':
        await mutate(
          key,
          await callApi(projectsRoutes.unpublishProject, { divisionId, params: { id } }),
          false,
        );
        break;
      case 'delete':
        await callApi(projectsRoutes.deleteProject, { divisionId, params: { id } });
        await mutate(key, undefined, false);
        break;
    }
    await refreshLists();
  };
  return { run };
}

export function useSetNextInspectionDate(divisionId: string, id: string) {
  return useSWRMutation(
    projectKey(divisionId, id),
    (_key, { arg }: { arg: string }) =>
      callApi(projectsRoutes.setNextInspectionDate, { divisionId, params: { id }, body: { value: arg } }),
    { populateCache: true, revalidate: false, throwOnError: true, onSuccess: () => void refreshLists() },
  );
}

/** The Contacts tab: the users given access to the project. */
export function useProjectContacts(divisionId: string, id: string) {
  return useSWR(cacheKey(divisionId, 'projects/contacts', id), () =>
    callApi(projectsRoutes.listProjectContacts, { divisionId, params: { id } }),
  );
}

export async function addProjectContacts(divisionId: string, id: string, userIds: string[]) {
  const answer = await callApi(projectsRoutes.addProjectContacts, {
    divisionId,
    params: { id },
    body: { userIds },
  });
  await mutate(cacheKey(divisionId, 'projects/contacts', id), answer, false);
  await mutate(isResourceKey('projects/log'));
}

export async function removeProjectContact(divisionId: string, id: string, userId: string) {
  await callApi(projectsRoutes.removeProjectContact, { divisionId, params: { id, userId } });
  await mutate(cacheKey(divisionId, 'projects/contacts', id));
  await mutate(isResourceKey('projects/log'));
}

/** The Log tab: the project's change log, newest first, a page at a time. */
export function useChangeLog(divisionId: string, id: string) {
  return useServerList({
    resource: 'projects/log',
    divisionId,
    load: ({ cursor }) =>
      callApi(projectsRoutes.getProjectChangelog, { divisionId, params: { id }, query: { cursor } }),
  });
}

/** Edit Project (PUT /api/projects/{id} at the version read): the page and the lists read it again. */
export async function updateProject(
  divisionId: string,
  id: string,
  body: ApiBody<typeof projectsRoutes.updateProject>,
) {
  const project = await callApi(projectsRoutes.updateProject, { divisionId, params: { id }, body });
  await mutate(projectKey(divisionId, id), project, false);
  await refreshLists();
  return project;
}
