import { batchGet } from '@stormline/data/batch-get';
import { findGuidKey, listDocuments } from '@stormline/data/documents';
import { getFindings } from '@stormline/data/findings';
import { getInspection, inspectionKeys, padNumber } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { getMapLegendItems } from '@stormline/data/legend-items';
import {
  featuresShownIn,
  getSourceSnapshots,
  mapSavedInStep,
  mapsOfProject,
  mapsSavedIn,
  markMapsFreezing,
  putSourceSnapshots,
} from '@stormline/data/map-features';
import type { FeatureRecord, SourceSnapshot } from '@stormline/data/map-features';
import { getMapNotes } from '@stormline/data/map-notes';
import { projectKeys } from '@stormline/data/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { readPartition } from '@stormline/data/read-partition';
import { currentPages, getConversion, getConversions, listProjectPages } from '@stormline/data/site-maps';
import type { SiteMapPageRecord } from '@stormline/data/site-maps';
import type { TransactionStep } from '@stormline/data/transact';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import { isInspectionEditable } from '@stormline/domain/inspection-rules';
import {
  BASELINE,
  BASELINE_NUMBER,
  MAP_MESSAGES,
  mapEditRefusal,
  parseSiteMapId,
} from '@stormline/domain/map-features';
import { can } from '@stormline/domain/permissions';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { pageStoodForInspection } from '@stormline/domain/site-maps';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { readVisibleProject } from './project-access';

/**
 * The site map editor's shared reads (spec 002 §2, §3, §7; docs/decisions/0041): which map an id or
 * page GUID names, its project (as the caller may see it), the inspection a read or save is for
 * (its number: the baseline is 0), whether the map may change then, the page image as it stood,
 * and what each feature shows (its source, joined by one BatchGet per kind).
 */

const notSiteMap = () => new NotFoundError(MAP_MESSAGES.notSiteMap);

export interface MapContext {
  project: ProjectRecord;
  siteMapId: string;
  uploadId: string;
  page: number;
  /** The inspection asked for; null for the baseline or "now". */
  inspection: InspectionRecord | null;
  /** Its number within the project; 0 for the baseline. */
  n: number;
}

/** The number of the project's latest inspection (0 before any). */
export const inspectionSeqOf = (project: ProjectRecord) =>
  (project as ProjectRecord & { inspectionSeq?: number }).inspectionSeq ?? 0;

/** The site-map id a path names: the id itself, or a page image's GUID (/projects/{id}/map/{GUID}/edit). */
export async function siteMapIdOf(deps: Pick<Deps, 'db'>, divisionId: string, ref: string): Promise<string> {
  if (parseSiteMapId(ref)) return ref;
  const key = await findGuidKey(deps.db, ref);
  if (!key || !key.sk.startsWith('PAGE#') || !key.pk.startsWith(`DIVISION#${divisionId}#UPLOAD#`))
    throw notSiteMap();
  const [item] = await batchGet(deps.db, [key]);
  if (!item) throw notSiteMap();
  return `${item.uploadId as string}_${item.page as number}`;
}

/**
 * A map of the request's division and the inspection it is read or saved for: the map must be a
 * page of an Active Site Map document (converted at least once), of a project the caller may see
 * (and of `projectId` when the path names one); the inspection of that project, or 'baseline'.
 */
export async function readMap(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string,
  siteMapId: string,
  inspectionRef: string | null,
  projectId?: string,
): Promise<MapContext> {
  const parsed = parseSiteMapId(siteMapId);
  if (!parsed) throw notSiteMap();
  const conversion = await getConversion(deps.db, divisionId, parsed.uploadId);
  if (!conversion || conversion.docTypeId !== SITE_MAP_DOC_TYPE_ID) throw notSiteMap();
  if (projectId !== undefined && conversion.projectId !== projectId) throw notSiteMap();
  const project = await readVisibleProject(deps, caller, divisionId, conversion.projectId);
  // A page the document never had is no map: the most pages a finished conversion had, kept on the
  // conversion (review 21 X8); a document last converted before that was kept reads its page rows.
  if (conversion.maxPagesEver !== null) {
    if (parsed.page > conversion.maxPagesEver) throw notSiteMap();
  } else {
    const pages = await pagesEver(deps, divisionId, parsed.uploadId);
    if (!pages.some((p) => p.page === parsed.page && p.listedAt !== null)) throw notSiteMap();
  }
  let inspection: InspectionRecord | null = null;
  if (inspectionRef !== null && inspectionRef !== BASELINE) {
    inspection = await getInspection(deps.db, divisionId, inspectionRef);
    if (inspection.projectId !== project.id) throw new NotFoundError('Inspection not found');
  }
  return {
    project,
    siteMapId,
    uploadId: parsed.uploadId,
    page: parsed.page,
    inspection,
    n: inspection?.number ?? BASELINE_NUMBER,
  };
}

/** Why the map may not change for the context's inspection (spec 002 §4, §6; 0041), or null. */
export function mapRefusal(caller: Caller, ctx: MapContext): string | null {
  const seq = inspectionSeqOf(ctx.project);
  return mapEditRefusal({
    publicView: caller.role.isReadOnly,
    canDraw: can(caller.grants, 'all', 'Map Drawing'),
    archived: Boolean(ctx.project.archivedAt),
    isBaseline: ctx.inspection === null,
    projectHasInspections: seq > 0,
    inspectionEditable: ctx.inspection ? isInspectionEditable(ctx.inspection, ctx.project) : true,
    laterInspectionExists: ctx.inspection ? ctx.inspection.number < seq : false,
  });
}

/**
 * Whether an inspection's map may still change, whoever asks (the selector's `editable`): not once
 * it is certified, the project archived, or a later inspection started.
 */
export function inspectionMapEditable(inspection: InspectionRecord, project: ProjectRecord): boolean {
  return (
    isInspectionEditable(inspection, project) &&
    !project.archivedAt &&
    inspection.number >= inspectionSeqOf(project)
  );
}

/**
 * The checks every transaction of a map save holds (0041): the project still live and at the
 * inspection read (no inspection started since, which would close the baseline or this
 * inspection's map), and the inspection not signed meanwhile.
 */
export function mapSaveGuards(deps: Pick<Deps, 'db' | 'now'>, ctx: MapContext): TransactionStep[] {
  const seq = inspectionSeqOf(ctx.project);
  const moved = () =>
    new ConflictError(
      'The project changed meanwhile (an inspection started, it was archived, or its compliance option changed). Reload the map.',
    );
  // A certified inspection's map changes only while compliance is required and not yet signed:
  // the option switched off meanwhile makes it read-only (review 21 X1).
  const awaitsCompliance = Boolean(ctx.inspection?.certification_date);
  const guards: TransactionStep[] = [
    {
      write: {
        ConditionCheck: {
          TableName: deps.db.tableName,
          Key: projectKeys.project(ctx.project.divisionId, ctx.project.id),
          ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(archivedAt) OR attribute_type(archivedAt, :nullType)) AND ${
            seq === 0
              ? '(attribute_not_exists(inspectionSeq) OR inspectionSeq = :seq)'
              : 'inspectionSeq = :seq'
          }${awaitsCompliance ? ' AND inspection_compliance_required = :true' : ''}`,
          ExpressionAttributeValues: {
            ':nullType': 'NULL',
            ':seq': seq,
            ...(awaitsCompliance ? { ':true': true } : {}),
          },
        },
      },
      onConditionFailed: moved,
    },
  ];
  if (ctx.inspection) {
    const field = ctx.inspection.certification_date ? 'compliance_date' : 'certification_date';
    guards.push(
      {
        write: {
          ConditionCheck: {
            TableName: deps.db.tableName,
            Key: inspectionKeys.inspection(ctx.project.divisionId, ctx.inspection.id),
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(#f) OR attribute_type(#f, :nullType))',
            ExpressionAttributeNames: { '#f': field },
            ExpressionAttributeValues: { ':nullType': 'NULL' },
          },
        },
        onConditionFailed: () => new ConflictError(MAP_MESSAGES.certified),
      },
      // The maps its saves touched, for a freeze to read consistently, and no save while a
      // signature freezes them (review 21 X2).
      mapSavedInStep(deps.db, ctx.project.divisionId, ctx.inspection.id, ctx.siteMapId, deps.now()),
    );
  }
  return guards;
}

/** An inspection's time on site (0038): from its creation to the last day it was signed, if it was. */
export function inspectionWindow(inspection: InspectionRecord, project: ProjectRecord) {
  const signed = [inspection.certification_date, inspection.compliance_date]
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  return {
    began: inspection.createdAt,
    ended:
      isInspectionEditable(inspection, { ...project, archivedAt: null }) || !signed
        ? null
        : `${signed.slice(0, 10)}T23:59:59.999Z`,
  };
}

/** Every page a document has had (each conversion's), read whole: a handful. */
export async function pagesEver(deps: Pick<Deps, 'db'>, divisionId: string, uploadId: string) {
  const items = await readPartition(deps.db, `DIVISION#${divisionId}#UPLOAD#${uploadId}`, 'PAGE#');
  return items as unknown as SiteMapPageRecord[];
}

/** The page that stood for an inspection among a document's pages: the last listed of those. */
function pageStoodFor(
  pages: readonly SiteMapPageRecord[],
  page: number,
  window: { began: string; ended: string | null },
): SiteMapPageRecord | null {
  return (
    pages
      .filter(
        (p) =>
          p.page === page &&
          p.listedAt !== null &&
          pageStoodForInspection({ listedAt: p.listedAt, deletedAt: p.deletedAt ?? null }, window),
      )
      .sort((a, b) => a.listedAt!.localeCompare(b.listedAt!))
      .at(-1) ?? null
  );
}

/**
 * The map's page image as it stood for the context's inspection (0038's rule), or now for the
 * baseline and a read without one; 404 'Missing required variables: projectUpload' when the
 * document had no such page then.
 */
export async function mapPage(deps: Pick<Deps, 'db'>, ctx: MapContext): Promise<SiteMapPageRecord> {
  const d = ctx.project.divisionId;
  if (!ctx.inspection) {
    const conversion = await getConversion(deps.db, d, ctx.uploadId);
    const page = (await currentPages(deps.db, conversion)).find(
      (p) => p.page === ctx.page && p.deletedAt === null,
    );
    if (!page) throw notSiteMap();
    return page;
  }
  const page = pageStoodFor(
    await pagesEver(deps, d, ctx.uploadId),
    ctx.page,
    inspectionWindow(ctx.inspection, ctx.project),
  );
  if (!page) throw notSiteMap();
  return page;
}

/** The maps the toolbar's arrows step through: the project's current ones, or the inspection's. */
export async function mapSequence(
  deps: Pick<Deps, 'db'>,
  ctx: MapContext,
): Promise<{ page: SiteMapPageRecord; name: string }[]> {
  const d = ctx.project.divisionId;
  const maps: { page: SiteMapPageRecord; name: string }[] = [];
  if (!ctx.inspection) {
    let cursor: string | undefined;
    do {
      const docs = await listDocuments(
        deps.db,
        { kind: 'project', divisionId: d, projectId: ctx.project.id, docTypeId: SITE_MAP_DOC_TYPE_ID },
        { pageSize: 50, ...(cursor ? { cursor } : {}) },
      );
      const conversions = await getConversions(
        deps.db,
        d,
        docs.items.map((doc) => doc.id),
      );
      for (const doc of docs.items)
        for (const page of await currentPages(deps.db, conversions.get(doc.id) ?? null))
          if (page.deletedAt === null) maps.push({ page, name: doc.name });
      cursor = docs.nextCursor ?? undefined;
    } while (cursor);
    return maps;
  }
  const window = inspectionWindow(ctx.inspection, ctx.project);
  let cursor: string | undefined;
  do {
    const pages = await listProjectPages(
      deps.db,
      d,
      ctx.project.id,
      { pageSize: 100, ...(cursor ? { cursor } : {}) },
      (p) =>
        p.listedAt !== null &&
        pageStoodForInspection({ listedAt: p.listedAt, deletedAt: p.deletedAt }, window),
    );
    for (const page of pages.items) {
      // A sheet replaced during the inspection stood twice: the later listing is the map.
      const same = maps.findIndex((m) => m.page.uploadId === page.uploadId && m.page.page === page.page);
      if (same >= 0) maps.splice(same, 1);
      maps.push({ page, name: page.documentName ?? '' });
    }
    cursor = pages.nextCursor ?? undefined;
  } while (cursor);
  return maps;
}

/** Whether a document page stood for an inspection (the inspections that use a map). */
export async function inspectionsUsingMap(
  deps: Pick<Deps, 'db'>,
  ctx: MapContext,
  inspections: readonly InspectionRecord[],
): Promise<InspectionRecord[]> {
  const pages = await pagesEver(deps, ctx.project.divisionId, ctx.uploadId);
  return inspections.filter((i) => pageStoodFor(pages, ctx.page, inspectionWindow(i, ctx.project)) !== null);
}

/** What a feature shows, joined from its source (one BatchGet per kind for a page of features). */
export async function featureSources(
  deps: Pick<Deps, 'db'>,
  project: ProjectRecord,
  features: readonly FeatureRecord[],
) {
  const d = project.divisionId;
  const ofType = (...types: FeatureRecord['type'][]) => features.filter((f) => types.includes(f.type));
  const [findings, legend, notes] = await Promise.all([
    getFindings(
      deps.db,
      d,
      ofType('findings').map((f) => f.sourceId),
    ),
    getMapLegendItems(
      deps.db,
      d,
      project.id,
      ofType('control_measure', 'pollutant').map((f) => ({
        id: f.sourceId,
        scope: f.sourceScope ?? 'division',
      })),
    ),
    getMapNotes(
      deps.db,
      d,
      project.id,
      ofType('commentables').map((f) => f.sourceId),
    ),
  ]);
  const findingById = new Map(findings.filter((f) => f.projectId === project.id).map((f) => [f.id, f]));
  const noteById = new Map(notes.map((n) => [n.id, n]));
  return (feature: FeatureRecord) => {
    const none = { id: feature.sourceId, color: null, map_symbol: null, scope: null, detail: null };
    switch (feature.type) {
      case 'findings': {
        const finding = findingById.get(feature.sourceId);
        return finding
          ? {
              ...none,
              name: `${finding.typeCode} #${finding.number}`,
              color: finding.color,
              detail: finding.location,
              deleted: false,
            }
          : { ...none, name: 'Deleted finding', deleted: true };
      }
      case 'commentables': {
        const note = noteById.get(feature.sourceId);
        return note
          ? { ...none, name: note.title, detail: note.content, deleted: false }
          : { ...none, name: 'Deleted note', deleted: true };
      }
      default: {
        const scope = feature.sourceScope ?? 'division';
        const item = (scope === 'project' ? legend.project : legend.division).get(feature.sourceId);
        return item
          ? { ...none, name: item.name, map_symbol: item.mapSymbol, scope, deleted: false }
          : { ...none, name: 'Deleted legend item', scope, deleted: true };
      }
    }
  };
}

/**
 * Whether an inspection's maps are frozen: it can no longer change by its certification (0041), so
 * its maps show what each source showed when it was certified. Archiving alone freezes nothing.
 */
export function mapsFrozen(inspection: InspectionRecord, project: ProjectRecord): boolean {
  return !isInspectionEditable(inspection, { ...project, archivedAt: null });
}

/**
 * Writes a signature (`write`), first freezing what the inspection's maps show when the signature
 * dates the inspection's certification or its compliance (0041): for every map it shows, what each
 * source standing on it then shows (name, colour, symbol, scope, detail, deleted) is written under
 * the inspection and read back once the inspection is read-only, instead of the live source.
 * Freezing at each of the two signatures, not only at the one that makes it read-only, keeps the
 * map as signed when the project's compliance option is switched off later (review 21 X1). While the
 * freeze reads and the signature is written, a mark under the inspection refuses every map save,
 * so none lands between the two (X2); it is cleared whether the signature is written or refused.
 */
export async function signFreezingMaps(
  deps: Pick<Deps, 'db' | 'now'>,
  project: ProjectRecord,
  before: InspectionRecord,
  after: InspectionRecord,
  write: () => Promise<unknown>,
): Promise<void> {
  const dates = (i: InspectionRecord) => [i.certification_date, i.compliance_date];
  const dated = dates(after).some((date, i) => date && !dates(before)[i]);
  if (!dated) {
    await write();
    return;
  }
  const d = project.divisionId;
  await markMapsFreezing(deps.db, d, after.id, { at: deps.now() });
  try {
    await freezeInspectionMaps(deps, project, after);
    await write();
  } finally {
    await markMapsFreezing(deps.db, d, after.id, false);
  }
}

/**
 * What the inspection's maps show, frozen: the project's maps (byParent) and, read consistently,
 * those its own saves touched. The cost grows with the features shown.
 */
async function freezeInspectionMaps(
  deps: Pick<Deps, 'db' | 'now'>,
  project: ProjectRecord,
  inspection: InspectionRecord,
): Promise<void> {
  const d = project.divisionId;
  const touched = await mapsSavedIn(deps.db, d, inspection.id);
  const maps = [...new Set([...(await mapsOfProject(deps.db, d, project.id)), ...touched])];
  const features = (
    await Promise.all(maps.map((id) => featuresShownIn(deps.db, d, id, inspection.number)))
  ).flat();
  if (features.length === 0) return;
  const bySource = new Map(features.map((f) => [f.sourceId, f]));
  const sourceOf = await featureSources(deps, project, [...bySource.values()]);
  await putSourceSnapshots(
    deps.db,
    d,
    inspection.id,
    [...bySource.values()].map((f) => sourceOf(f)),
    deps.now(),
  );
}

/**
 * What each feature of a map read shows: for a certified inspection, the sources as they were when
 * it was certified (one BatchGet of its snapshots; a source without one, certified before snapshots
 * were kept, falls back to the live source); else the live sources.
 */
export async function mapFeatureSources(
  deps: Pick<Deps, 'db'>,
  ctx: MapContext,
  features: readonly FeatureRecord[],
): Promise<(feature: FeatureRecord) => SourceSnapshot> {
  if (!ctx.inspection || !mapsFrozen(ctx.inspection, ctx.project))
    return featureSources(deps, ctx.project, features);
  const frozen = await getSourceSnapshots(deps.db, ctx.project.divisionId, ctx.inspection.id, [
    ...new Set(features.map((f) => f.sourceId)),
  ]);
  const live = await featureSources(
    deps,
    ctx.project,
    features.filter((f) => !frozen.has(f.sourceId)),
  );
  return (feature) => frozen.get(feature.sourceId) ?? live(feature);
}

/** A feature version as the map routes answer it (spec 002 §3 map feature). */
export function positionableView(feature: FeatureRecord, source: SourceSnapshot) {
  return {
    positionables_id: feature.id,
    positionable_id: feature.sourceId,
    positionable_type: feature.type,
    position_x: feature.position_x,
    position_y: feature.position_y,
    target_id: feature.siteMapId,
    target_type: feature.targetType,
    start_inspection_id: feature.startInspectionId,
    end_inspection_id: feature.endInspectionId,
    positionable_config: feature.config,
    geometry: feature.geometry,
    source,
    version: feature.version,
    updatedAt: feature.updatedAt,
    updatedBy: feature.updatedBy,
  };
}

/** A finding's link in an inspection (raised in it or carried over into it), by the finding's number. */
export async function findingsInInspection(
  deps: Pick<Deps, 'db'>,
  inspection: InspectionRecord,
  numbers: readonly number[],
): Promise<Set<number>> {
  const pk = inspectionKeys.inspection(inspection.divisionId, inspection.id).pk;
  const items = await batchGet(
    deps.db,
    numbers.map((n) => ({ pk, sk: `FINDING#${padNumber(n)}` })),
  );
  return new Set(items.map((i) => Number((i.sk as string).slice('FINDING#'.length))));
}
