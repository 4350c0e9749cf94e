import type { ReportRow } from '@stormline/contract/areas/divisions';
import { getClientsInDivision } from '@stormline/data/clients';
import { nameOrder } from '@stormline/data/keys';
import {
  getProjectsInDivision,
  listProjects,
  listProjectsOfUser,
  readProjectDirectory,
} from '@stormline/data/projects';
import type { ProjectRecord, ProjectWithCounts } from '@stormline/data/projects';
import { searchQuery, searchTerms } from '@stormline/data/search-terms';
import { getDailyStatistics, getProjectStatistics } from '@stormline/data/statistics';
import { reportDays, reportPage } from '@stormline/domain/compliance-report';
import type { ReportRows } from '@stormline/domain/compliance-report';
import { localDate } from '@stormline/domain/local-date';
import { seesEveryProject } from '@stormline/domain/project-rules';
import { allTimeFigures, reportFigures } from '@stormline/domain/statistics';
import type { Caller } from './authenticate';
import type { Deps } from './deps';

/**
 * The compliance report (spec 001 §2, §3, §7; docs/decisions/0021). The rows are the division's
 * active projects the caller sees: staff read the division's project directory (one item of
 * names and clients, kept with the projects' writes), client roles, Regulators and BMP
 * Contractors their access rows. The report counts them (numModels), filters them by client and
 * name and pages by number in memory; only the page's projects are then read whole (one
 * BatchGet) with their statistics (0019): without dates their project-wide counters (one
 * BatchGet), with dates one Query each over the months the range spans.
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

/**
 * The page's figures. Without dates a row covers the project's whole life: its project-wide
 * counters, one BatchGet for the page. With dates, the days of the range: one Query of the month
 * items a row (its project's time zone decides its days).
 */
async function rowFigures(
  deps: Deps,
  divisionId: string,
  projects: readonly ProjectWithCounts[],
  request: ReportRequest,
  now: Date,
) {
  const type = request.findingType ?? null;
  const today = (project: ProjectWithCounts) => localDate(project.timezone, now);
  if (!request.minDate && !request.maxDate) {
    const statistics = await getProjectStatistics(
      deps.db,
      divisionId,
      projects.map((p) => p.id),
    );
    return projects.map((project) => ({
      project,
      figures: allTimeFigures(statistics.get(project.id) ?? {}, type, today(project)),
    }));
  }
  return inBatches(projects, PARALLEL_READS, async (project) => {
    const days = reportDays(project, request, now);
    const counters = await getDailyStatistics(
      deps.db,
      divisionId,
      project.id,
      days.from.slice(0, 7),
      days.to.slice(0, 7),
    );
    return { project, figures: reportFigures(counters, days, type, today(project)) };
  });
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
    rowFigures(deps, divisionId, items, request, now),
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
      postStormInTime: figures.postStormInTime,
      postStormLate: figures.postStormLate,
      postStormMissed: figures.postStormMissed,
    })),
    paginationState: { pageSize, numModels: shown.length, page: request.page },
  };
}
