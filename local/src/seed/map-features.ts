import { listDocuments } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import { findingLinksOf, listProjectInspections } from '@stormline/data/inspections';
import { listLegendItems } from '@stormline/data/legend-items';
import { saveMapEdits } from '@stormline/data/map-features';
import type { Geometry, MapEdit } from '@stormline/data/map-features';
import { createMapNote } from '@stormline/data/map-notes';
import { CORRECTIVE_ACTION_NOTICE, siteMapId } from '@stormline/domain/map-features';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { projectsOf } from './inspections';

/**
 * Features on the first demo project's first site map (issue 21), so `npm start` opens a map with
 * something on it: a stabilized entrance drawn as a polygon and a silt fence as a line on the
 * baseline, a Corrective Action Notice note, and a finding of the latest inspection (today's, open:
 * the finding carried into it) pinned where it was seen, so the inspector and the admin can go on
 * drawing in that inspection. Written through the data layer's one map writer; the page is converted
 * when the runtime starts (the features are kept by the map's id, which does not wait for its image),
 * and dated then as listed before the first inspection (convertDemoSiteMaps).
 */
export async function seedMapFeatures(db: Db, divisionId: string, by: string, now: Date): Promise<void> {
  const [project] = await projectsOf(db, divisionId);
  if (!project) return;
  const owner = {
    kind: 'project' as const,
    divisionId,
    projectId: project.id,
    docTypeId: SITE_MAP_DOC_TYPE_ID,
  };
  const [doc] = (await listDocuments(db, owner, { pageSize: 1 })).items;
  if (!doc) return;
  const legend = (await listLegendItems(db, divisionId, {}, { pageSize: 25 })).items;
  const named = (name: string) => legend.find((i) => i.name === name);
  const entrance = named('Stabilized Construction Entrance');
  const fence = named('Silt Fence');
  const note = await createMapNote(
    db,
    { divisionId, projectId: project.id, createdBy: by },
    CORRECTIVE_ACTION_NOTICE,
    [],
    now,
  );
  const shape = (x: number, y: number, geometry: Geometry) => ({
    position_x: x,
    position_y: y,
    geometry,
    config: null,
  });
  const baseline: MapEdit[] = [
    ...(entrance
      ? [
          {
            kind: 'create' as const,
            clientId: null,
            type: entrance.type,
            sourceId: entrance.id,
            sourceScope: 'division' as const,
            shape: shape(300, 2200, {
              type: 'polygon',
              points: [
                [300, 2200],
                [900, 2200],
                [900, 2600],
                [300, 2600],
              ],
            }),
          },
        ]
      : []),
    ...(fence
      ? [
          {
            kind: 'create' as const,
            clientId: null,
            type: fence.type,
            sourceId: fence.id,
            sourceScope: 'division' as const,
            shape: shape(200, 200, {
              type: 'line',
              points: [
                [200, 200],
                [2400, 200],
                [2500, 1400],
              ],
            }),
          },
        ]
      : []),
    {
      kind: 'create',
      clientId: null,
      type: 'commentables',
      sourceId: note.id,
      sourceScope: null,
      shape: shape(1800, 900, { type: 'point' }),
    },
  ];
  const map = {
    divisionId,
    projectId: project.id,
    siteMapId: siteMapId(doc.id, 1),
    targetType: 'project_uploads' as const,
    guards: [],
    by,
    now,
  };
  await saveMapEdits(db, { ...map, n: 0, inspectionId: null, edits: baseline });
  const [latest] = (await listProjectInspections(db, divisionId, project.id, { pageSize: 1 })).items;
  const [link] = latest ? await findingLinksOf(db, divisionId, latest.id) : [];
  if (!latest || !link) return;
  await saveMapEdits(db, {
    ...map,
    n: latest.number,
    inspectionId: latest.id,
    edits: [
      {
        kind: 'create',
        clientId: null,
        type: 'findings',
        sourceId: link.findingId,
        sourceScope: null,
        shape: shape(1300, 1500, { type: 'point' }),
      },
    ],
  });
}
