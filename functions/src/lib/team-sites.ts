import { getClientsInDivision } from '@stormline/data/clients';
import { listProjectsOfUser } from '@stormline/data/projects';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';
import type { Deps } from './deps';

/** Managing the team is for those who choose inspectors (create Project, 0018): others are refused. */
export function mayManageTeam(caller: Caller): void {
  if (!can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError('Your role does not allow managing the team');
}

export interface TeamSite {
  projectId: string;
  siteName: string;
  clientName: string;
  dueDate: string | null;
}

/**
 * A page of each member's sites: the active projects they inspect, by name, from their access rows
 * (which also hold the projects they are only a contact of, left out), with the cursor to the
 * member's next page, or null when there is none.
 */
export async function memberSites(
  deps: Deps,
  divisionId: string,
  memberIds: readonly string[],
  page: { pageSize: number; cursor?: string },
): Promise<{ sites: TeamSite[]; nextCursor: string | null }[]> {
  const pages = await Promise.all(
    memberIds.map(async (memberId) => {
      const read = await listProjectsOfUser(deps.db, divisionId, memberId, 'ACTIVE', {
        ...page,
        inspected: true,
      });
      return { projects: read.items, next: await moreAfter(deps, divisionId, memberId, read.nextCursor) };
    }),
  );
  const clients = await getClientsInDivision(
    deps.db,
    divisionId,
    pages.flatMap((p) => p.projects.map((project) => project.client_id)),
  );
  const clientNames = new Map(clients.map((c) => [c.id, c.name]));
  return pages.map(({ projects, next }) => ({
    sites: projects.map((p) => ({
      projectId: p.id,
      siteName: p.name,
      clientName: clientNames.get(p.client_id) ?? '',
      dueDate: p.next_inspection_date,
    })),
    nextCursor: next ?? null,
  }));
}

/**
 * The cursor when more sites follow it, else null: a page that stops at its limit comes with a
 * cursor even when nothing follows, and "More sites" must not lead to nothing. One site's look.
 */
async function moreAfter(
  deps: Deps,
  divisionId: string,
  memberId: string,
  cursor: string | null,
): Promise<string | null> {
  if (!cursor) return null;
  const next = await listProjectsOfUser(deps.db, divisionId, memberId, 'ACTIVE', {
    pageSize: 1,
    cursor,
    inspected: true,
  });
  return next.items.length > 0 ? cursor : null;
}
