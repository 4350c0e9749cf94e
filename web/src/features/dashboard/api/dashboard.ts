import { useCallback, useEffect, useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import type { WidgetSetting } from '@stormline/domain/dashboard-rules';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey, isResourceKey } from '../../../lib/cache-keys';

export type CertificationDueRow = ApiResponse<typeof dashboardRoutes.getCertDueList>['pageData'][number];
export type OpenFindingsRow = ApiResponse<typeof dashboardRoutes.getOpenFindingStats>['pageData'][number];
export type FindingsOverviewRow = ApiResponse<
  typeof dashboardRoutes.getFindingsOverviewStats
>['pageData'][number];
export type InspectionsDueRow = ApiResponse<
  typeof dashboardRoutes.getInspectionsDueStats
>['pageData'][number];
export type PostStormDueRow = ApiResponse<typeof dashboardRoutes.getPostStormDues>['pageData'][number];
export type TeamData = ApiResponse<typeof dashboardRoutes.getTeamManagementData>;
export type TeamMember = TeamData['team'][number];
export type TeamSite = TeamMember['inspections'][number];
export type CalendarEntry = ApiResponse<typeof dashboardRoutes.getCalendarData>['inspections'][number];
export type CalendarStorm = ApiResponse<typeof dashboardRoutes.getCalendarData>['storms'][number];
export type CalendarProject = ApiResponse<typeof dashboardRoutes.listCalendarProjects>['pageData'][number];

const LAYOUT = 'dashboard/layout';

const layoutKey = (divisionId: string) => cacheKey(divisionId, LAYOUT);
type Layout = ApiResponse<typeof dashboardRoutes.getDashboard>;

/**
 * The caller's widgets, in order with their widths (spec 000 §2): the saved list, or the default
 * full list when nothing is saved, from the division path /dashboard.
 */
export function useWidgetLayout(divisionId: string) {
  return useSWR(layoutKey(divisionId), () =>
    callApi(dashboardRoutes.getDashboard, { divisionId, params: { id: divisionId } }),
  );
}

export async function saveWidgetLayout(widgets: WidgetSetting[]) {
  const stored = await callApi(dashboardRoutes.saveWidgets, { body: { widgets } });
  // The layout is the user's own, whatever the division: every division's copy takes it.
  await mutate(
    isResourceKey(LAYOUT),
    (current?: Layout) => current && { ...current, widgets: stored.widgets, saved: true },
    { revalidate: false },
  );
  return stored.widgets;
}

/**
 * The widgets' lists on the page, to read again after a certification or a re-assignment (SWR's
 * mutate by filter skips useSWRInfinite's keys, so each list registers its own revalidation).
 */
const widgetLists = new Set<() => Promise<unknown>>();

export async function refreshWidgets() {
  await Promise.all([...widgetLists].map((revalidate) => revalidate()));
  await mutate(isResourceKey('dashboard/widget'));
}

interface Paged<Row> {
  pageData: readonly Row[];
  paginationState: { nextCursor: string | null };
}

/** Empty pages a widget reads on through by itself before it shows what it has, with Load more. */
const SEEK_PAGES = 8;

function trailingEmptyPages(pages: readonly Paged<unknown>[]): number {
  let empty = 0;
  for (let i = pages.length - 1; i >= 0 && pages[i]!.pageData.length === 0; i--) empty++;
  return empty;
}

/**
 * A widget's rows, a page of sites at a time (the server pages by cursor), with Load more: the
 * pages read so far, one after another, read again together when the widget refreshes.
 */
export function useWidgetPages<Page extends Paged<unknown>>(
  divisionId: string,
  widget: string,
  filters: readonly unknown[],
  load: (cursor: string | undefined) => Promise<Page>,
) {
  const pages = useSWRInfinite(
    (index, previous: Page | null) =>
      previous && !previous.paginationState.nextCursor
        ? null
        : cacheKey(
            divisionId,
            'dashboard/widget',
            widget,
            ...filters,
            index,
            previous?.paginationState.nextCursor,
          ),
    (key) => load((key[key.length - 1] as string | null | undefined) ?? undefined),
    // Load more reads the next page only; a refresh (refreshWidgets) reads them all again.
    { revalidateFirstPage: false },
  );
  const revalidate = pages.mutate;
  useEffect(() => {
    const entry = () => revalidate();
    widgetLists.add(entry);
    return () => void widgetLists.delete(entry);
  }, [revalidate]);
  const data = pages.data;
  const last = data?.[data.length - 1];
  // The same array while the pages are the same, so a table given it need not render again.
  const rows = useMemo(
    () => data?.flatMap((p) => p.pageData) as Page['pageData'][number][] | undefined,
    [data],
  );
  const reload = useCallback(() => void revalidate(), [revalidate]);
  // A page of sites may show no rows while later sites have some (none of these 25 has an open
  // finding): read on by itself, a few pages at most, rather than say "none" above Load more.
  const seeking =
    !!last?.paginationState.nextCursor &&
    trailingEmptyPages(data!) > 0 &&
    trailingEmptyPages(data!) < SEEK_PAGES;
  const { setSize, size, isValidating } = pages;
  useEffect(() => {
    if (seeking && !isValidating && size === data?.length) void setSize(size + 1);
  }, [seeking, isValidating, size, data?.length, setSize]);
  return {
    pages: data,
    rows,
    error: pages.error as unknown,
    loading: pages.isLoading || (seeking && rows?.length === 0),
    loadingMore: (isValidating && !pages.isLoading && size > (data?.length ?? 0)) || seeking,
    hasMore: !!last?.paginationState.nextCursor,
    loadMore: () => void pages.setSize(pages.size + 1),
    reload,
  };
}

const query = (values: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Record<string, string>;

export const loadCertificationsDue = (divisionId: string, s: string) => (cursor?: string) =>
  callApi(dashboardRoutes.getCertDueList, {
    divisionId,
    params: { id: divisionId },
    query: query({ s, cursor }),
  });

export const loadOpenFindings = (divisionId: string, s: string, type: string | null) => (cursor?: string) =>
  callApi(dashboardRoutes.getOpenFindingStats, {
    divisionId,
    params: { id: divisionId },
    query: query({ s, type, cursor }),
  });

/**
 * The inspections and projects areas of the contract serve two actions of the dashboard (Complete
 * Findings, Re-assign): read when one is used, their schemas are not built while the board loads.
 */
const inspectionsArea = () => import('@stormline/contract/areas/inspections');

/**
 * The inspection whose findings tab completes a site's open findings (spec 000 §2, the Open
 * Findings variant): of the site's newest inspections, the highest-numbered one with a finding
 * still open. New inspections carry every open finding over, so that is usually the newest; a
 * finding raised later on an older inspection, or reopened there, is found once the newer ones
 * are done. Null when none of them has an open finding.
 */
export async function inspectionWithOpenFindings(
  divisionId: string,
  projectId: string,
): Promise<string | null> {
  const { inspectionsRoutes } = await inspectionsArea();
  const page = await callApi(inspectionsRoutes.listProjectInspections, {
    divisionId,
    params: { id: projectId },
  });
  const open = page.pageData.filter((card) => card.findings.some((type) => type.open > 0));
  return open.sort((a, b) => b.number - a.number)[0]?.id ?? null;
}

export const loadFindingsOverview =
  (divisionId: string, s: string, type: string | null) => (cursor?: string) =>
    callApi(dashboardRoutes.getFindingsOverviewStats, {
      divisionId,
      params: { id: divisionId },
      query: query({ s, type, cursor }),
    });

export const loadInspectionsDue = (divisionId: string, s: string) => (cursor?: string) =>
  callApi(dashboardRoutes.getInspectionsDueStats, {
    divisionId,
    params: { id: divisionId },
    query: query({ s, cursor }),
  });

/** Inspections Due's post-storm rows (issue 23): the open dues by deadline. */
export const loadPostStormDues = (divisionId: string) => (cursor?: string) =>
  callApi(dashboardRoutes.getPostStormDues, {
    divisionId,
    params: { id: divisionId },
    query: query({ cursor }),
  });

export const loadTeam = (divisionId: string, s: string) => (cursor?: string) =>
  callApi(dashboardRoutes.getTeamManagementData, {
    divisionId,
    params: { id: divisionId },
    query: query({ s, cursor }),
  }).then((data) => ({ ...data, pageData: data.team }));

/** More of one Team Management member's sites, from the cursor their team row gave (`first`). */
export const loadMemberSites = (divisionId: string, userId: string, first: string) => (cursor?: string) =>
  callApi(dashboardRoutes.getTeamMemberSites, {
    divisionId,
    params: { id: divisionId, userId },
    query: { cursor: cursor ?? first },
  });

/** The finding types a widget's type filter offers (spec 000 §7 fetchFindingTypesUsed). */
export function useFindingTypesUsed(divisionId: string, widget: 'open' | 'overview') {
  const route =
    widget === 'open'
      ? dashboardRoutes.listOpenFindingTypesUsed
      : dashboardRoutes.listFindingsOverviewTypesUsed;
  return useSWR(cacheKey(divisionId, 'dashboard/finding-types', widget), () =>
    callApi(route, { divisionId, params: { id: divisionId } }),
  );
}

export function useCalendarProjects(divisionId: string, s: string) {
  return useSWR(cacheKey(divisionId, 'dashboard/calendar-projects', s), () =>
    callApi(dashboardRoutes.listCalendarProjects, {
      divisionId,
      params: { id: divisionId },
      query: query({ s }),
    }),
  );
}

export function useCalendarMonth(divisionId: string, projectId: string | null, month: string | null) {
  return useSWR(
    projectId ? cacheKey(divisionId, 'dashboard/widget', 'calendar', projectId, month) : null,
    () =>
      callApi(dashboardRoutes.getDivisionCalendarData, {
        divisionId,
        params: { id: divisionId },
        query: query({ type: projectId, month }),
      }),
  );
}

/** Re-assign's inspector choices: the division's assignable users, searched on the server (50 a page). */
export function useAssignableInspectors(divisionId: string, s: string, enabled: boolean) {
  return useSWR(enabled ? cacheKey(divisionId, 'dashboard/inspectors', s) : null, async () => {
    const { projectsRoutes } = await import('@stormline/contract/areas/projects');
    return callApi(projectsRoutes.listAssignableInspectors, { divisionId, query: query({ s }) });
  });
}

export async function reassignProjects(divisionId: string, userId: string, projectIds: string[]) {
  const { inspectionsRoutes } = await inspectionsArea();
  const done = await callApi(inspectionsRoutes.reassignInspections, {
    divisionId,
    params: { userId },
    body: { projectIds },
  });
  await refreshWidgets();
  return done;
}
