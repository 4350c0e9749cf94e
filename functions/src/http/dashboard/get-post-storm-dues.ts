import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { batchGet, itemAt } from '@stormline/data/batch-get';
import { getClientsInDivision } from '@stormline/data/clients';
import { listOpenPostStormDuesPage } from '@stormline/data/post-storm-dues';
import type { PostStormDueRecord } from '@stormline/data/post-storm-dues';
import { getProjectsInDivision, projectKeys } from '@stormline/data/projects';
import { displayDateTime, postStormReason } from '@stormline/domain/post-storm-dues';
import { seesEveryProject } from '@stormline/domain/project-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = dashboardRoutes.getPostStormDues;

/**
 * Inspections Due's post-storm rows (issue 23, docs/decisions/0048): the division's open
 * post-storm dues by deadline (byParent, only the open ones are indexed), those of sites the
 * caller sees (staff every site; client-side roles and Regulators the sites they were given, by
 * their access rows), each with its deadline and the rain that made it due in the site's zone.
 * Archived sites' dues are left out (nothing can be started there). The cost is the page shown.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const d = divisionId!;
  const now = deps.now();
  const all = seesEveryProject(caller.role.name);
  const keep = async (dues: PostStormDueRecord[]) => {
    if (all || dues.length === 0) return dues;
    const accessOf = (due: PostStormDueRecord) => projectKeys.access(d, due.projectId, caller.user.id);
    const rows = await batchGet(deps.db, dues.map(accessOf));
    return dues.filter((due) => itemAt(rows, accessOf(due)));
  };
  const page = await listOpenPostStormDuesPage(
    deps.db,
    d,
    { pageSize: route.pageSize, cursor: query.cursor },
    keep,
  );
  const projects = await getProjectsInDivision(deps.db, d, [
    ...new Set(page.items.map((due) => due.projectId)),
  ]);
  const byId = new Map(projects.filter((p) => !p.archivedAt).map((p) => [p.id, p]));
  const clients = await getClientsInDivision(
    deps.db,
    d,
    [...byId.values()].map((p) => p.client_id),
  );
  const clientNames = new Map(clients.map((c) => [c.id, c.name]));
  const rows = page.items.flatMap((due) => {
    const project = byId.get(due.projectId);
    if (!project) return [];
    return [
      {
        projectId: project.id,
        siteName: project.name,
        clientName: clientNames.get(project.client_id) ?? '',
        countedAt: due.countedAt,
        dueBy: due.dueBy,
        dueByLocal: displayDateTime(project.timezone, due.dueBy),
        reason: postStormReason(due, project.timezone),
        citation: due.citation,
        pastDue: now.getTime() > Date.parse(due.dueBy),
      },
    ];
  });
  return {
    pageData: rows,
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
