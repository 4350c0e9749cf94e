import type { ReportRow } from '@stormline/contract/areas/divisions';
import { getClientsInDivision } from '@stormline/data/clients';
import { nameOrder } from '@stormline/data/keys';
import {
  getProjectsInDivision,
  listProjects,
  listProjectsOfUser,
  readProjectDirectory,
} from '@stormline/data/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { searchQuery, searchTerms } from '@stormline/data/search-terms';
import { getDailyStatistics } from '@stormline/data/statistics';
import { reportDays, reportPage } from '@stormline/domain/compliance-report';
import type { ReportRows } from '@stormline/domain/compliance-report';
import { localDate } from '@stormline/domain/local-date';
import { seesEveryProject } from '@stormline/domain/project-rules';
import { reportFigures } from '@stormline/domain/statistics';
import type { Caller } from './authenticate';
import type { Deps } from './deps';

/**
 * The compliance report (spec 001 §2, §3, §7; docs/decisions/0021). The rows are the division's
 * active projects the caller sees: staff read the division's project directory (one item of
 * names and clients, kept with the projects' writes), client roles, Regulators and BMP
 * Contractors their access rows. The report counts them (numModels), filters them by client and
 * name and pages by number in memory; only the page's projects are then read whole (one
 * BatchGet) with their statistics (one Query each over the months the range spans, 0019).
 */

export interface ReportRequest {
  search?: string;
  page: number;
  rows: ReportRows;
  clientIds: readonly string[];
  minDate?: string;
  maxDate?: string;
  findingType?: string;
}

const PROJECT_PAGE = 100;
/** The statistics Queries a request has in flight at once ('All' may show hundreds of rows). */
const PARALLEL_READS = 25;

type Listed = Pick<ProjectRecord, 'id' | 'name' | 'client_id'>;

/**
 * Every active project of the division that the caller sees, as names and clients: staff read the
 * division's project directory (one item); client roles, Regulators and BMP Contractors their
 * access rows (their own few projects). A division whose directory does not exist yet (projects
 * written before it) is read from its list.
 */
async function visibleProjects(deps: Deps, caller: Caller, divisionId: string): Promise<Listed[]> {
  const everyProject = seesEveryProject(caller.role.name);
  if (everyProject) {
    const directory = await readProjectDirectory(deps.db, divisionId);
    if (directory) return directory;
  }
  const all: ProjectRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = everyProject
      ? await listProjects(deps.db, divisionId, 'ACTIVE', { pageSize: PROJECT_PAGE, cursor })
      : await listProjectsOfUser(deps.db, divisionId, caller.user.id, 'ACTIVE', {
          pageSize: PROJECT_PAGE,
          cursor,
        });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** The name search as the search rows answer it: from the start of one of the name's words. */
function matchesName(name: string, search: string | undefined): boolean {
  const query = searchQuery(search);
  return !query || searchTerms(name).some((term) => term.startsWith(query));
}

async function inBatches<T, R>(items: readonly T[], size: number, read: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(read))));
  return results;
}

export async function complianceReport(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  request: ReportRequest,
) {
  const now = deps.now();
  const clients = new Set(request.clientIds);
  const shown = (await visibleProjects(deps, caller, divisionId))
    .filter((p) => (clients.size === 0 || clients.has(p.client_id)) && matchesName(p.name, request.search))
    .sort((a, b) => (nameOrder(a.name, a.id) < nameOrder(b.name, b.id) ? -1 : 1));
  const { items: listed, pageSize } = reportPage(shown, request.page, request.rows);
  // The page's projects whole (time zone, start date): one BatchGet, in the page's order.
  const items = await getProjectsInDivision(
    deps.db,
    divisionId,
    listed.map((p) => p.id),
  );

  const [clientRecords, pageData] = await Promise.all([
    getClientsInDivision(
      deps.db,
      divisionId,
      items.map((p) => p.client_id),
    ),
    inBatches(items, PARALLEL_READS, async (project) => {
      const days = reportDays(project, request, now);
      const counters = await getDailyStatistics(
        deps.db,
        divisionId,
        project.id,
        days.from.slice(0, 7),
        days.to.slice(0, 7),
      );
      const figures = reportFigures(
        counters,
        days,
        request.findingType ?? null,
        localDate(project.timezone, now),
      );
      return { project, figures };
    }),
  ]);
  const clientNames = new Map(clientRecords.map((c) => [c.id, c.name]));
  return {
    pageData: pageData.map(({ project, figures }): ReportRow => ({
      projectId: project.id,
      projectName: project.name,
      clientId: project.client_id,
      clientName: clientNames.get(project.client_id) ?? '',
      inspectionCount: figures.inspectionCount,
      findingsCount: figures.findingsCount,
      avgFindings: figures.avgFindings,
      avgFindingDays: figures.avgFindingDays,
      maxDay: figures.maxDay,
      openFindings: figures.openFindings,
      notCompleteInExpectedDays: figures.notCompleteInExpectedDays,
      ackCount: figures.ackCount,
      complianceCount: figures.complianceCount,
      missedIsp: figures.missedIsp,
    })),
    paginationState: { pageSize, numModels: shown.length, page: request.page },
  };
}
