import type * as z from 'zod/mini';
import type { PositionableWrite } from '@stormline/contract/map-features';
import { documentKeys, findDocumentById } from '@stormline/data/documents';
import { getFindings } from '@stormline/data/findings';
import { getMapLegendItems } from '@stormline/data/legend-items';
import {
  getMapState,
  mapOfStandingFeature,
  saveMapEdits,
  standingFeatures,
} from '@stormline/data/map-features';
import type { FeatureRecord, MapEdit, SavedEdit, SourceScope } from '@stormline/data/map-features';
import { getMapNotes } from '@stormline/data/map-notes';
import { currentPages, getConversion } from '@stormline/data/site-maps';
import type { SiteMapPageRecord } from '@stormline/data/site-maps';
import type { TransactionStep } from '@stormline/data/transact';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { DATA_SOURCES, geometryProblem, MAP_MESSAGES } from '@stormline/domain/map-features';
import type { PositionableType, TargetType } from '@stormline/domain/map-features';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { actorOf } from './inspection-context';
import {
  featureSources,
  findingsInInspection,
  mapRefusal,
  mapSaveGuards,
  positionableView,
} from './site-map-editor';
import type { MapContext } from './site-map-editor';

type Write = z.output<typeof PositionableWrite>;

/**
 * What a feature edit names it by in a message (its source's name, else its id), and whether its
 * source is gone (a removal then moves no placement count).
 */
async function labels(deps: Deps, ctx: MapContext, features: readonly FeatureRecord[]) {
  const sourceOf = await featureSources(deps, ctx.project, features);
  return {
    labelOf: (f: FeatureRecord) => {
      const source = sourceOf(f);
      return source.deleted ? f.id : source.name;
    },
    gone: (f: FeatureRecord) => sourceOf(f).deleted,
  };
}

/**
 * The sources new features show must be the project's (spec 002 §3; 0041): a finding of the project
 * raised in or carried over into the inspection (none on the baseline), a legend item of the
 * division's Map Legend or the project's own of the feature's type, a note of the project. Answers
 * each legend item's scope.
 */
async function checkNewSources(
  deps: Deps,
  ctx: MapContext,
  creates: readonly Write[],
): Promise<Map<string, SourceScope>> {
  const d = ctx.project.divisionId;
  const ids = (...types: PositionableType[]) => [
    ...new Set(creates.filter((w) => types.includes(w.positionable_type)).map((w) => w.positionable_id)),
  ];
  const findingIds = ids('findings');
  const legendIds = ids('control_measure', 'pollutant');
  const noteIds = ids('commentables');
  if (findingIds.length > 0 && !ctx.inspection) throw new ValidationError(MAP_MESSAGES.findingInBaseline);
  const [findings, legend, notes] = await Promise.all([
    getFindings(deps.db, d, findingIds),
    getMapLegendItems(
      deps.db,
      d,
      ctx.project.id,
      legendIds.flatMap((id) => [
        { id, scope: 'division' as const },
        { id, scope: 'project' as const },
      ]),
    ),
    getMapNotes(deps.db, d, ctx.project.id, noteIds),
  ]);
  const ofProject = findings.filter((f) => f.projectId === ctx.project.id);
  if (ofProject.length !== findingIds.length) throw new NotFoundError('Finding not found');
  if (ctx.inspection && ofProject.length > 0) {
    const linked = await findingsInInspection(
      deps,
      ctx.inspection,
      ofProject.map((f) => f.number),
    );
    if (ofProject.some((f) => !linked.has(f.number))) throw new ValidationError(MAP_MESSAGES.notInInspection);
  }
  if (notes.length !== noteIds.length) throw new NotFoundError('Note not found');
  const scopes = new Map<string, SourceScope>();
  for (const write of creates.filter((w) => legendIds.includes(w.positionable_id))) {
    const item = legend.project.get(write.positionable_id) ?? legend.division.get(write.positionable_id);
    if (!item) throw new NotFoundError('Legend item not found');
    if (item.type !== write.positionable_type)
      throw new ValidationError(MAP_MESSAGES.wrongLegendType(write.positionable_type));
    scopes.set(write.positionable_id, legend.project.has(write.positionable_id) ? 'project' : 'division');
  }
  return scopes;
}

/**
 * The map's page as it stands now, which a feature placed or changed must lie on (review 21 X3,
 * X10): the document not deleted (409 'This site map was removed…') and the page in its current
 * file (409 'This page is not in the site map’s current file…'). Removals need neither: a feature
 * stranded on a removed page can always be taken off.
 */
async function standingPage(deps: Deps, ctx: MapContext): Promise<SiteMapPageRecord> {
  const d = ctx.project.divisionId;
  const [doc, conversion] = await Promise.all([
    findDocumentById(deps.db, d, ctx.uploadId),
    getConversion(deps.db, d, ctx.uploadId),
  ]);
  if (!doc) throw new ConflictError(MAP_MESSAGES.mapRemoved);
  const page = (await currentPages(deps.db, conversion)).find(
    (p) => p.page === ctx.page && p.deletedAt === null,
  );
  if (!page) throw new ConflictError(MAP_MESSAGES.pageNotInFile);
  return page;
}

/** Held in every transaction of a save that places or changes a feature: the document still stands. */
function documentStands(deps: Deps, ctx: MapContext): TransactionStep {
  return {
    write: {
      ConditionCheck: {
        TableName: deps.db.tableName,
        Key: documentKeys.divisionUpload(ctx.project.divisionId, ctx.uploadId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    onConditionFailed: () => new ConflictError(MAP_MESSAGES.mapRemoved),
  };
}

const shapeOf = (w: Write) => ({
  position_x: w.position_x,
  position_y: w.position_y,
  geometry: w.geometry,
  config: w.positionable_config ?? null,
});

/**
 * A bulk save of a map for an inspection (spec 002 §4, §7; 0041). Refused (403) when the map may not
 * change then; a feature placed or changed needs the page to stand now (409) and must lie on its image; the features named are read first and
 * the whole save refused (409, naming them) when any changed meanwhile, before anything is written
 * (404 for a feature standing on another map); new features' sources are checked; a map shows at
 * most one note per inspection (409).
 */
export async function saveMap(
  deps: Deps,
  caller: Caller,
  ctx: MapContext,
  targetType: TargetType,
  writes: readonly Write[],
): Promise<SavedEdit[]> {
  const refusal = mapRefusal(caller, ctx);
  if (refusal) throw new ForbiddenError(refusal);
  // Only a feature placed or changed needs the page, standing now; removals work on any page.
  const placesOrChanges = writes.some((w) => !w.remove);
  const image = placesOrChanges ? await standingPage(deps, ctx) : null;

  const named = writes.filter((w) => w.positionables_id !== undefined);
  const seen = new Set<string>();
  for (const w of named) {
    if (seen.has(w.positionables_id!)) throw new ValidationError('A save names each feature once');
    seen.add(w.positionables_id!);
    if (w.version === undefined)
      throw new ValidationError('The version read is required to change a feature');
  }
  for (const w of writes) {
    if (w.remove && w.positionables_id === undefined)
      throw new ValidationError('Only a saved feature can be removed');
    const problem = w.remove || !image ? null : geometryProblem(w, image);
    if (problem) throw new ValidationError(problem);
  }

  const standing = await standingFeatures(
    deps.db,
    ctx.project.divisionId,
    ctx.siteMapId,
    named.map((w) => w.positionables_id!),
  );
  // A feature standing on another map is not this map's: 404. One standing nowhere was removed
  // meanwhile (or never was): stale, like a changed one.
  const missing = named.filter((w) => !standing.has(w.positionables_id!));
  for (const w of missing) {
    const elsewhere = await mapOfStandingFeature(deps.db, ctx.project.divisionId, w.positionables_id!);
    if (elsewhere !== null && elsewhere !== ctx.siteMapId) throw new NotFoundError('Feature not found');
  }
  const stale = named.filter((w) => standing.get(w.positionables_id!)?.version !== w.version);
  const { labelOf, gone } = await labels(deps, ctx, [...standing.values()]);
  if (stale.length > 0)
    throw new ConflictError(
      MAP_MESSAGES.stale(
        stale.map((w) => {
          const f = standing.get(w.positionables_id!);
          return f ? labelOf(f) : w.positionables_id!;
        }),
      ),
    );
  for (const w of named) {
    const f = standing.get(w.positionables_id!)!;
    if (f.sourceId !== w.positionable_id || f.type !== w.positionable_type)
      throw new ValidationError(MAP_MESSAGES.sourceFixed);
  }

  const creates = writes.filter((w) => w.positionables_id === undefined);
  const scopes = await checkNewSources(deps, ctx, creates);

  // One note per map (spec 002 §9): the map item counts its standing notes (the editable map shows
  // exactly the standing features); the transaction adding a note is conditioned on that count.
  const noteLimit = DATA_SOURCES.find((s) => s.type === 'commentables')!.maxInstances!;
  const newNotes = creates.filter((w) => w.positionable_type === 'commentables').length;
  if (newNotes > 0) {
    const state = await getMapState(deps.db, ctx.project.divisionId, ctx.siteMapId);
    const removedNotes = named.filter((w) => w.remove && w.positionable_type === 'commentables').length;
    if ((state?.notes ?? 0) - removedNotes + newNotes > noteLimit)
      throw new ConflictError(MAP_MESSAGES.oneNote);
  }

  const edits: MapEdit[] = writes.map((w) => {
    if (w.positionables_id === undefined)
      return {
        kind: 'create',
        clientId: w.clientId ?? null,
        type: w.positionable_type,
        sourceId: w.positionable_id,
        sourceScope: scopes.get(w.positionable_id) ?? null,
        shape: shapeOf(w),
      };
    const current = standing.get(w.positionables_id)!;
    return w.remove
      ? { kind: 'remove', current, sourceGone: gone(current) }
      : { kind: 'change', current, shape: shapeOf(w) };
  });
  return saveMapEdits(deps.db, {
    divisionId: ctx.project.divisionId,
    projectId: ctx.project.id,
    siteMapId: ctx.siteMapId,
    targetType,
    n: ctx.n,
    inspectionId: ctx.inspection?.id ?? null,
    edits,
    guards: [...mapSaveGuards(deps, ctx), ...(placesOrChanges ? [documentStands(deps, ctx)] : [])],
    by: actorOf(caller).name,
    now: deps.now(),
    labelOf,
  });
}

/** The save's answer: each feature as saved, with what it shows. */
export async function savedView(deps: Deps, ctx: MapContext, saved: readonly SavedEdit[]) {
  const sourceOf = await featureSources(
    deps,
    ctx.project,
    saved.map((s) => s.feature),
  );
  return saved.map((s) => ({
    clientId: s.clientId,
    removed: s.removed,
    feature: positionableView(s.feature, sourceOf(s.feature)),
  }));
}
