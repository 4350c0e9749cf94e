import { getClientsInDivision } from '@stormline/data/clients';
import { keys } from '@stormline/data/keys';
import { listProjects, listProjectsOfUser, searchProjects } from '@stormline/data/projects';
import { batchGet } from '@stormline/data/batch-get';
import { seesEveryProject } from '@stormline/domain/project-rules';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { projectRowView } from './project-view';

/**
 * A page of the projects the caller sees (docs/decisions/0018), by name, searched through the
 * search rows: staff the division's, client-side roles and Regulators their access rows; with
 * their clients' names. The projects list and the dashboard widgets read their rows from it.
 */
export async function visibleProjectsPage(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  state: 'ACTIVE' | 'ARCHIVED',
  query: { cursor?: string; s?: string },
  pageSize: number,
) {
  const search = query.s?.trim();
  const page = !seesEveryProject(caller.role.name)
    ? await listProjectsOfUser(deps.db, divisionId, caller.user.id, state, {
        pageSize,
        cursor: query.cursor,
        search,
      })
    : search
      ? await searchProjects(deps.db, divisionId, state, search, { pageSize, cursor: query.cursor })
      : await listProjects(deps.db, divisionId, state, { pageSize, cursor: query.cursor });
  const clients = await getClientsInDivision(
    deps.db,
    divisionId,
    page.items.map((p) => p.client_id),
  );
  return { page, clientNames: new Map(clients.map((c) => [c.id, c.name])) };
}

/**
 * The projects list and the archive (spec 002 §2): by name, a page at a time, searched through the
 * search rows; roles limited to their projects page their access rows (docs/decisions/0018).
 * `numModels` is the division's counter where it is true (every project, no search).
 */
export async function projectListPage(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  state: 'ACTIVE' | 'ARCHIVED',
  query: { cursor?: string; s?: string },
  pageSize: number,
) {
  const all = seesEveryProject(caller.role.name);
  const search = query.s?.trim();
  const [{ page, clientNames: names }, [division]] = await Promise.all([
    visibleProjectsPage(deps, caller, divisionId, state, query, pageSize),
    all && !search ? batchGet(deps.db, [keys.division(divisionId)]) : Promise.resolve([undefined]),
  ]);
  const counter = state === 'ACTIVE' ? 'activeProjectCount' : 'archivedProjectCount';
  return {
    pageData: page.items.map((p) => projectRowView(p, names.get(p.client_id) ?? '')),
    paginationState: {
      pageSize,
      numModels: division ? Number(division[counter] ?? 0) : null,
      nextCursor: page.nextCursor,
    },
  };
}
