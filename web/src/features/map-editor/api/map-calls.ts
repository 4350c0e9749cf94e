import useSWR from 'swr';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { mapRoutes } from '@stormline/contract/areas/map';
import { BASELINE, type PositionableType, type TargetType } from '@stormline/domain/map-features';
import { callApi, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import type { FeatureWrite } from '../lib/pending-edits';

export type SiteMap = ApiResponse<typeof mapRoutes.getSiteMap>;
export type MapInspection = ApiResponse<typeof mapRoutes.listSiteMapInspections>['pageData'][number];
export type MapNote = ApiResponse<typeof mapRoutes.createMapNote>;
export type MapNoteInput = ApiBody<typeof mapRoutes.createMapNote>;
export type DivisionLegendItem = ApiResponse<typeof legendItemsRoutes.listLegendItems>['pageData'][number];
export type ProjectLegendItem = ApiResponse<typeof legendItemsRoutes.createProjectLegendItem>;
export type ProjectLegendItemInput = ApiBody<typeof legendItemsRoutes.createProjectLegendItem>;
export type LegendType = 'control_measure' | 'pollutant';
export type InspectionFinding = ApiResponse<typeof findingsRoutes.listInspectionFindings>['pageData'][number];

/** The target type the editor reads and saves on: both name the same map (docs/decisions/0041). */
export const TARGET: TargetType = 'project_uploads';

type Paged<Row> = { pageData: Row[]; paginationState: { nextCursor: string | null } };

/** Reads a list to its end, page by page, up to `maxPages` (a map holds at most a few thousand features). */
async function allPages<Row>(load: (cursor: string | undefined) => Promise<Paged<Row>>, maxPages = 20) {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await load(cursor);
    rows.push(...answer.pageData);
    if (!answer.paginationState.nextCursor) break;
    cursor = answer.paginationState.nextCursor;
  }
  return rows;
}

export const siteMapKey = (divisionId: string, projectId: string, mapId: string, inspectionId: string) =>
  cacheKey(divisionId, 'map/site-map', projectId, mapId, inspectionId);

/** One site map as it stood for an inspection: `mapId` is its id or its page GUID. */
export function useSiteMap(
  divisionId: string,
  projectId: string,
  mapId: string,
  inspectionId: string | null,
) {
  return useSWR(
    mapId ? siteMapKey(divisionId, projectId, mapId, inspectionId ?? '') : null,
    () =>
      callApi(mapRoutes.getSiteMap, {
        divisionId,
        params: { id: projectId, sitemapId: mapId },
        query: inspectionId ? { inspectionId } : {},
      }),
    // The image URLs are short-lived: no refetch on focus that would swap the image mid-edit.
    { revalidateOnFocus: false },
  );
}

export function useMapInspections(divisionId: string, projectId: string, mapId: string | null) {
  return useSWR(mapId ? cacheKey(divisionId, 'map/inspections', projectId, mapId) : null, () =>
    allPages(
      (cursor) =>
        callApi(mapRoutes.listSiteMapInspections, {
          divisionId,
          params: { id: projectId, sitemapId: mapId! },
          query: { cursor },
        }),
      4,
    ),
  );
}

export const featuresKey = (divisionId: string, mapId: string, inspectionRef: string) =>
  cacheKey(divisionId, 'map/features', mapId, inspectionRef);

export function loadFeatures(divisionId: string, mapId: string, inspectionRef: string) {
  return allPages((cursor) =>
    callApi(mapRoutes.listPositionables, {
      divisionId,
      params: { targetType: TARGET, targetId: mapId, inspectionId: inspectionRef, context: 'all' },
      query: { cursor },
    }),
  );
}

/** The features on a map for an inspection (or the baseline), read once per inspection shown. */
export function useFeatures(divisionId: string, mapId: string | null, inspectionRef: string | null) {
  return useSWR(
    mapId && inspectionRef ? featuresKey(divisionId, mapId, inspectionRef) : null,
    () => loadFeatures(divisionId, mapId!, inspectionRef!),
    { revalidateOnFocus: false },
  );
}

export function saveFeatures(
  divisionId: string,
  mapId: string,
  inspectionRef: string,
  items: FeatureWrite[],
) {
  return callApi(mapRoutes.updatePositionables, {
    divisionId,
    params: { targetType: TARGET, targetId: mapId, inspectionId: inspectionRef, context: 'all' },
    body: { items },
  });
}

export const inspectionRefOf = (inspectionId: string | null) => inspectionId ?? BASELINE;

/** The findings of the active inspection (to place one made earlier), none without one. */
export function useInspectionFindings(divisionId: string, inspectionId: string | null, wanted: boolean) {
  return useSWR(
    inspectionId && wanted ? cacheKey(divisionId, 'map/inspection-findings', inspectionId) : null,
    () =>
      allPages(
        (cursor) =>
          callApi(findingsRoutes.listInspectionFindings, {
            divisionId,
            params: { id: inspectionId! },
            query: { cursor },
          }),
        10,
      ),
  );
}

/** How the app names a finding: its type code and number ('MI #3'). */
/** A finding's own record, read when its pin's detail opens (the map's read names it only). */
export function useMapFinding(divisionId: string, findingId: string | null, inspectionId: string | null) {
  return useSWR(
    findingId ? cacheKey(divisionId, 'map/finding', findingId, inspectionId ?? '') : null,
    () =>
      callApi(findingsRoutes.getFinding, {
        divisionId,
        params: { id: findingId! },
        query: inspectionId ? { inspectionId } : {},
      }),
    { shouldRetryOnError: false },
  );
}

export const findingName = (finding: { number: number; type: { code: string } }) =>
  `${finding.type.code} #${finding.number}`;

// Map notes (spec 002 §3 "Note on a map item").

export function useMapNotes(divisionId: string, projectId: string) {
  return useSWR(cacheKey(divisionId, 'map/notes', projectId), () =>
    allPages(
      (cursor) =>
        callApi(mapRoutes.listMapNotes, { divisionId, params: { id: projectId }, query: { cursor } }),
      4,
    ),
  );
}

export function createMapNote(divisionId: string, projectId: string, body: MapNoteInput) {
  return callApi(mapRoutes.createMapNote, { divisionId, params: { id: projectId }, body });
}

export function updateMapNote(divisionId: string, projectId: string, note: MapNote, body: MapNoteInput) {
  return callApi(mapRoutes.updateMapNote, {
    divisionId,
    params: { id: projectId, noteId: note.id },
    body: { ...body, version: note.version },
  });
}

export function deleteMapNote(divisionId: string, projectId: string, note: MapNote) {
  return callApi(mapRoutes.deleteMapNote, {
    divisionId,
    params: { id: projectId, noteId: note.id },
    query: { version: String(note.version) },
  });
}

// Control measures and pollutants: the division's Map Legend and the project's own items.

export function useDivisionLegendItems(divisionId: string, type: LegendType | null) {
  return useSWR(type ? cacheKey(divisionId, 'map/division-legend', type) : null, () =>
    allPages(
      (cursor) => callApi(legendItemsRoutes.listLegendItems, { divisionId, query: { cursor, type } }),
      8,
    ),
  );
}

export const projectLegendKey = (divisionId: string, projectId: string, type: LegendType) =>
  cacheKey(divisionId, 'map/project-legend', projectId, type);

export function useProjectLegendItems(divisionId: string, projectId: string, type: LegendType | null) {
  return useSWR(type ? projectLegendKey(divisionId, projectId, type) : null, () =>
    allPages(
      (cursor) =>
        callApi(legendItemsRoutes.listProjectLegendItems, {
          divisionId,
          params: { id: projectId },
          query: { cursor, type },
        }),
      4,
    ),
  );
}

export function createProjectLegendItem(divisionId: string, projectId: string, body: ProjectLegendItemInput) {
  return callApi(legendItemsRoutes.createProjectLegendItem, { divisionId, params: { id: projectId }, body });
}

export function updateProjectLegendItem(
  divisionId: string,
  projectId: string,
  item: ProjectLegendItem,
  body: ProjectLegendItemInput,
) {
  return callApi(legendItemsRoutes.updateProjectLegendItem, {
    divisionId,
    params: { id: projectId, legendItemId: item.id },
    body: { ...body, map_symbol: body.map_symbol ?? null, version: item.version },
  });
}

export function deleteProjectLegendItem(divisionId: string, projectId: string, itemId: string) {
  return callApi(legendItemsRoutes.deleteProjectLegendItem, {
    divisionId,
    params: { id: projectId, legendItemId: itemId },
  });
}

export const isLegendType = (type: PositionableType): type is LegendType =>
  type === 'control_measure' || type === 'pollutant';
