import type { Db } from '@stormline/data/dynamo';
import { createProjectLegendItem, projectLegendKeys } from '@stormline/data/legend-items';
import { mapFeatureKeys, saveMapEdits, standingFeaturesOfMap } from '@stormline/data/map-features';
import { createMapNote, mapNoteKeys } from '@stormline/data/map-notes';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { SOUTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { convertedSiteMap } from '../support/site-maps';
import { storedItem } from '../support/table';

interface ForeignCase {
  path: string;
  body?: unknown;
  snapshot: () => Promise<unknown>;
}

/**
 * A South project with an inspection, a converted site map with features on it (a control measure
 * of the project's own legend, a note), a map note and a project legend item (issue 21): the map
 * routes, pointed at them from North, are refused and leave every one as it was.
 */
async function southMap(db: Db) {
  const site = await inspectedSite(db, SOUTH, {
    clientName: 'South map client',
    projectName: 'South drawn site',
    location: 'South gate',
    createdBy: 'tenancy',
  });
  const at = { divisionId: SOUTH, projectId: site.project.id };
  const { pages } = await convertedSiteMap(db, { ...at, createdBy: 'tenancy' }, 'South plan.pdf', [
    { width: 1000, height: 800 },
  ]);
  const siteMapId = pages[0]!.siteMapId;
  const item = await createProjectLegendItem(
    db,
    at,
    { name: 'South fence', type: 'control_measure', mapSymbol: defaultMapSymbol('control_measure') },
    [],
    new Date(),
  );
  const note = await createMapNote(
    db,
    { ...at, createdBy: 'tenancy' },
    { title: 'South note', content: 'Not yours' },
    [],
    new Date(),
  );
  const shape = { position_x: 10, position_y: 10, geometry: { type: 'point' as const }, config: null };
  const [feature] = await saveMapEdits(db, {
    divisionId: SOUTH,
    projectId: site.project.id,
    siteMapId,
    targetType: 'project_uploads',
    n: site.inspection.number,
    inspectionId: site.inspection.id,
    edits: [
      {
        kind: 'create',
        clientId: null,
        type: 'control_measure',
        sourceId: item.id,
        sourceScope: 'project',
        shape,
      },
      { kind: 'create', clientId: null, type: 'commentables', sourceId: note.id, sourceScope: null, shape },
    ],
    guards: [],
    by: 'tenancy',
    now: new Date(),
  });
  const snapshot = async () => ({
    project: await site.snapshot(),
    map: await storedItem(db, mapFeatureKeys.map(SOUTH, siteMapId)),
    features: await standingFeaturesOfMap(db, SOUTH, siteMapId),
    item: await storedItem(db, projectLegendKeys.item(SOUTH, site.project.id, item.id)),
    note: await storedItem(db, mapNoteKeys.note(SOUTH, site.project.id, note.id)),
  });
  return { ...site, siteMapId, guid: pages[0]!.guid, item, note, feature: feature!.feature, snapshot };
}

export function mapCases(db: Db): Record<string, () => Promise<ForeignCase>> {
  type South = Awaited<ReturnType<typeof southMap>>;
  const on = (path: (s: South) => string, body?: (s: South) => unknown) => async () => {
    const south = await southMap(db);
    return { path: path(south), body: body?.(south), snapshot: south.snapshot };
  };
  const positionables = (s: South) =>
    `/api/positionables/project_uploads/${s.siteMapId}/${s.inspection.id}/all`;
  return {
    'GET /api/projects/{id}/sitemaps/{sitemapId}': on(
      (s) => `/api/projects/${s.project.id}/sitemaps/${s.guid}?inspectionId=${s.inspection.id}`,
    ),
    'GET /api/positionables/{targetType}/{targetId}/{inspectionId}/{context}': on(positionables),
    'PUT /api/positionables/{targetType}/{targetId}/{inspectionId}/{context}/update': on(
      (s) => `${positionables(s)}/update`,
      (s) => ({
        items: [
          {
            positionables_id: s.feature.id,
            positionable_id: s.item.id,
            positionable_type: 'control_measure',
            position_x: 1,
            position_y: 1,
            geometry: { type: 'point' },
            version: 0,
            remove: true,
          },
        ],
      }),
    ),
    'DELETE /api/positionables/{id}': on(
      (s) => `/api/positionables/${s.feature.id}?inspectionId=${s.inspection.id}&version=0`,
    ),
    'GET /api/projects/{id}/map-notes': on((s) => `/api/projects/${s.project.id}/map-notes`),
    'POST /api/projects/{id}/map-notes': on(
      (s) => `/api/projects/${s.project.id}/map-notes`,
      () => ({ title: 'Taken', content: 'Over' }),
    ),
    'PUT /api/projects/{id}/map-notes/{noteId}': on(
      (s) => `/api/projects/${s.project.id}/map-notes/${s.note.id}`,
      () => ({ title: 'Taken', content: 'Over', version: 0 }),
    ),
    'DELETE /api/projects/{id}/map-notes/{noteId}': on(
      (s) => `/api/projects/${s.project.id}/map-notes/${s.note.id}`,
    ),
    'GET /api/projects/{id}/sitemaps/{sitemapId}/inspections': on(
      (s) => `/api/projects/${s.project.id}/sitemaps/${s.siteMapId}/inspections`,
    ),
    'GET /api/projects/{id}/legend-items': on((s) => `/api/projects/${s.project.id}/legend-items`),
    'POST /api/projects/{id}/legend-items': on(
      (s) => `/api/projects/${s.project.id}/legend-items`,
      () => ({ name: 'Taken', type: 'pollutant' }),
    ),
    'PUT /api/projects/{id}/legend-items/{legendItemId}': on(
      (s) => `/api/projects/${s.project.id}/legend-items/${s.item.id}`,
      () => ({ name: 'Taken', type: 'pollutant', map_symbol: null, version: 0 }),
    ),
    'DELETE /api/projects/{id}/legend-items/{legendItemId}': on(
      (s) => `/api/projects/${s.project.id}/legend-items/${s.item.id}`,
    ),
  };
}
