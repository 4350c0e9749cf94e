import { managerRoleOf } from '@stormline/domain/user-rules';
import type { RoleName } from '@stormline/domain/roles';
import type { UserDetail } from '../api/get-user';
import { CLIENT_SEARCH_MIN, PROJECT_SEARCH_MIN, type ClientOption } from '../api/user-client-options';

/**
 * What Edit User holds besides the form's fields: the user's clients and projects of the page's
 * division as they are to be saved. Clients added, removed and projects switched are local until
 * Save (spec 001 §2: the delete icon "removes the client and its projects from the user locally").
 */
export type AssignedClient = UserDetail['clients'][number];
export type AssignedProject = UserDetail['projects'][number];
export interface Assignments {
  clients: AssignedClient[];
  projects: AssignedProject[];
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export function assignmentsOf(user: Pick<UserDetail, 'clients' | 'projects'>): Assignments {
  return { clients: [...user.clients].sort(byName), projects: [...user.projects].sort(byName) };
}

const idSet = (items: readonly { id: string }[]) =>
  [...new Set(items.map((item) => item.id))].sort().join(',');

/** The dirty check's half for assignments: the same clients and the same projects, in any order. */
export function sameAssignments(a: Assignments, b: Assignments): boolean {
  return idSet(a.clients) === idSet(b.clients) && idSet(a.projects) === idSet(b.projects);
}

/**
 * 'Save Client': the chosen clients join the table. A client found by the name of one of its
 * projects (3+ characters) comes with access to the projects the search found, which is what the
 * person searching for that project meant; the rest are switched on in the client's row.
 */
export function addClients(
  state: Assignments,
  chosen: readonly ClientOption[],
  divisionId: string,
): Assignments {
  const have = new Set(state.clients.map((c) => c.id));
  const added = chosen.filter((c) => !have.has(c.id));
  const haveProjects = new Set(state.projects.map((p) => p.id));
  const projects = added.flatMap((client) =>
    client.projects
      .filter((p) => !haveProjects.has(p.id))
      .map((p) => ({ id: p.id, name: p.name, client_id: client.id, divisionId, archived: false })),
  );
  return {
    clients: [...state.clients, ...added.map(({ id, name }) => ({ id, name }))].sort(byName),
    projects: [...state.projects, ...projects].sort(byName),
  };
}

/** The client delete icon: the client and its projects leave the user (locally, until Save). */
export function removeClient(state: Assignments, clientId: string): Assignments {
  return {
    clients: state.clients.filter((c) => c.id !== clientId),
    projects: state.projects.filter((p) => p.client_id !== clientId),
  };
}

/** The access-to-project switch: the project joins or leaves the user's projects. */
export function setProjectAccess(state: Assignments, project: AssignedProject, access: boolean): Assignments {
  const without = state.projects.filter((p) => p.id !== project.id);
  return { ...state, projects: access ? [...without, project].sort(byName) : without };
}

/**
 * 'Search here' (spec 001 §5): from 2 characters the user's clients whose name holds the text;
 * from 3, also those holding a project of the user's whose name does. Below 2, every client.
 */
export function filterClients(state: Assignments, text: string): AssignedClient[] {
  const query = text.trim().toLowerCase();
  if (query.length < CLIENT_SEARCH_MIN) return state.clients;
  const byProject =
    query.length >= PROJECT_SEARCH_MIN
      ? new Set(state.projects.filter((p) => p.name.toLowerCase().includes(query)).map((p) => p.client_id))
      : new Set<string>();
  return state.clients.filter((c) => c.name.toLowerCase().includes(query) || byProject.has(c.id));
}

/**
 * Spec 001 §5: only 'Area / Assistant Manager' and 'Inspector' keep a manager link (Inspector
 * reports to an Area / Assistant Manager, who reports to a Regional Manager); for every other role
 * it is cleared on save, as the server does.
 */
export function keepsManager(role: RoleName | undefined): boolean {
  return role !== undefined && managerRoleOf(role) !== null;
}

export function managerToSave(role: RoleName | undefined, managerUserId: string | null | undefined) {
  return keepsManager(role) && managerUserId ? managerUserId : null;
}

/** Spec 001 §2 and §9: the clients table shows 7 rows a page and at most 3 page links. */
export const CLIENT_ROWS_PER_PAGE = 7;
export const CLIENT_PAGE_LINKS = 3;

/** The page links around the current page: at most CLIENT_PAGE_LINKS, kept inside 1..pageCount. */
export function pageLinks(page: number, pageCount: number): number[] {
  const count = Math.min(CLIENT_PAGE_LINKS, pageCount);
  const first = Math.max(1, Math.min(page - 1, pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
