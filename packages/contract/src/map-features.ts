import * as z from 'zod/mini';
import {
  MAP_LIMITS,
  MAP_MESSAGES,
  pointsInSave,
  POSITIONABLE_TYPES,
  SHAPE_KINDS,
  TARGET_TYPES,
  type Geometry as GeometryShape,
} from '@stormline/domain/map-features';
import { MapSymbol } from './map-symbol';
import { Count, Id, IsoDateTime, Version } from './schemas';

/**
 * The site map editor's shapes on the wire (spec 002 §3 map feature, note; docs/decisions/0041):
 * features in their page image's pixels, the map they are placed on, and the map notes.
 */

/** A coordinate in a page image's pixels; the server also checks it lies on the image. */
const Coordinate = z
  .number({ error: 'A position is a number of pixels' })
  .check(z.gte(-100_000, 'A position is off the map'), z.lte(100_000, 'A position is off the map'));
/**
 * [x, y]: an array of exactly two, which says so when it is not, rather than z.tuple. The SPA
 * imports these routes, and each zod validator any screen uses is kept in the zod module of the
 * first-load chunk: this was the only z.tuple (0.4 KB gzipped of the 150 KB first-load budget).
 */
type PointShape = [x: number, y: number];
const Point = z
  .array(Coordinate)
  .check(z.length(2, 'A point is two numbers, x and y')) as unknown as z.ZodMiniType<PointShape>;
const Points = (min: number) =>
  z
    .array(Point)
    .check(
      z.minLength(min, `A shape needs at least ${min} points`),
      z.maxLength(MAP_LIMITS.vertices, `A shape holds at most ${MAP_LIMITS.vertices} points`),
    );
const Corners = z.array(Point).check(z.length(2, 'A box is two corners')) as unknown as z.ZodMiniType<
  [PointShape, PointShape]
>;

export const PositionableType = z.enum(POSITIONABLE_TYPES, {
  error: 'The type must be findings, control_measure, pollutant or commentables',
});
export const TargetType = z.enum(TARGET_TYPES, {
  error: 'The target type must be project_uploads or project_inspection_uploads',
});

/** Spec 002 §2 drawing tools, in a page image's pixels (packages/domain/src/map-features.ts). */
export const Geometry = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('point') }),
    z.strictObject({ type: z.literal('line'), points: Points(2) }),
    z.strictObject({ type: z.literal('polygon'), points: Points(3) }),
    z.strictObject({ type: z.enum(['rectangle', 'square', 'oval']), bounds: Corners }),
    z.strictObject({
      type: z.literal('circle'),
      radius: z.number().check(z.gt(0, 'A circle needs a radius'), z.lte(100_000)),
    }),
    z.strictObject({
      type: z.literal('text'),
      text: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'A text label is required'),
          z.maxLength(MAP_LIMITS.textLabel, 'A text label holds at most 10 characters'),
        ),
    }),
  ],
  { error: `The shape type must be one of ${SHAPE_KINDS.join(', ')}` },
);
// The schema and the domain's type describe one shape.
type _SameGeometry = z.infer<typeof Geometry> extends GeometryShape ? true : never;
export const sameGeometry: _SameGeometry = true;

/** How one feature is shown beyond its source's symbol: nothing yet but whether its label shows. */
export const PositionableConfig = z.strictObject({ showLabel: z.optional(z.boolean()) });

/** What a feature shows, as the sidebar and the map draw it (joined by the server). */
export const PositionableSource = z.strictObject({
  id: Id,
  /** A finding's number and type, a legend item's or a note's name/title. */
  name: z.string(),
  /** Findings: the finding type's colour; null otherwise. */
  color: z.nullable(z.string()),
  /** Legend items: their map symbol as stored (legend-items area); null otherwise. */
  map_symbol: z.nullable(MapSymbol),
  /** Legend items: 'division' (the Map Legend) or 'project' (this project's own). */
  scope: z.nullable(z.enum(['division', 'project'])),
  /** Notes: the content; findings: the location. */
  detail: z.nullable(z.string()),
  /** The source was deleted since (the feature still shows on the maps it stood on). */
  deleted: z.boolean(),
});

/** Spec 002 §3 map feature (positionable), one version of it: what an inspection's map shows. */
export const Positionable = z.strictObject({
  positionables_id: Id,
  positionable_id: Id,
  positionable_type: PositionableType,
  position_x: z.number(),
  position_y: z.number(),
  target_id: Id,
  target_type: TargetType,
  /** The inspection it was placed (or last changed) in; null for the baseline. */
  start_inspection_id: z.nullable(Id),
  /** The inspection it was removed or changed in; null while it stands. */
  end_inspection_id: z.nullable(Id),
  positionable_config: z.nullable(PositionableConfig),
  geometry: Geometry,
  source: PositionableSource,
  version: Version,
  updatedAt: IsoDateTime,
  updatedBy: z.nullable(z.string()),
});

/**
 * One item of a bulk save (PUT .../update): a new feature (no positionables_id), a changed one
 * (its id and the version read), or one removed from the map (remove: true).
 */
export const PositionableWrite = z.strictObject({
  positionables_id: z.optional(Id),
  /** The editor's own id for a new feature, answered back beside the id the server gave it. */
  clientId: z.optional(Id),
  positionable_id: Id,
  positionable_type: PositionableType,
  position_x: Coordinate,
  position_y: Coordinate,
  geometry: Geometry,
  positionable_config: z.optional(z.nullable(PositionableConfig)),
  version: z.optional(Version),
  remove: z.optional(z.boolean()),
});

export const PositionablesUpdate = z.strictObject({
  items: z.array(PositionableWrite).check(
    z.minLength(1, 'There is nothing to save'),
    z.maxLength(MAP_LIMITS.itemsPerSave, `A save holds at most ${MAP_LIMITS.itemsPerSave} features`),
    z.refine((items) => pointsInSave(items) <= MAP_LIMITS.pointsPerSave, MAP_MESSAGES.tooManyPoints),
  ),
});

/** A bulk save's answer: each feature as saved (with the editor's clientId for a new one). */
export const PositionablesSaved = z.strictObject({
  items: z.array(z.strictObject({ clientId: z.nullable(Id), removed: z.boolean(), feature: Positionable })),
  savedAt: IsoDateTime,
});

/** Spec 002 §5: a map note's title (required, at most 100; the editor offers today's date). */
const NoteTitle = z
  .string({ error: 'Title is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Title is required'),
    z.maxLength(MAP_LIMITS.noteTitle, 'Title must be at most 100 characters'),
  );
const NoteContent = z
  .string({ error: 'Content is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Content is required'),
    z.maxLength(MAP_LIMITS.noteContent, 'Content must be at most 500 characters'),
  );

export const MapNoteCreate = z.strictObject({ title: NoteTitle, content: NoteContent });
export const MapNoteUpdate = z.strictObject({ title: NoteTitle, content: NoteContent, version: Version });

export const MapNote = z.strictObject({
  id: Id,
  title: z.string(),
  content: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  createdBy: z.nullable(z.string()),
  version: Version,
});

/** An inspection in the map editor's active-inspection selector. */
export const MapInspection = z.strictObject({
  id: Id,
  number: Count,
  /** The inspection date (project's local time, YYYY-MM-DD). */
  date: z.string(),
  type: z.string(),
  /** False once certified (its map is then read-only, as it was signed). */
  editable: z.boolean(),
});

/**
 * One site map as the editor opens it: a page of an Active Site Map document, as it stood for the
 * inspection asked for (or now), with short-lived URLs for the thumbnail (drawn first) and the
 * full image, and the maps before and after it for the toolbar's arrows.
 */
export const SiteMapView = z.strictObject({
  id: Id,
  upload_id: Id,
  page: z.number().check(z.int(), z.positive()),
  /** The page image's GUID (/projects/{id}/map/{GUID}/edit). */
  GUID: Id,
  name: z.string(),
  width: Count,
  height: Count,
  image: z.strictObject({ url: z.string() }),
  preview: z.strictObject({ url: z.string(), width: Count, height: Count }),
  project: z.strictObject({ id: Id, name: z.string(), archived: z.boolean() }),
  previous: z.nullable(z.strictObject({ id: Id, GUID: Id, name: z.string(), page: Count })),
  next: z.nullable(z.strictObject({ id: Id, GUID: Id, name: z.string(), page: Count })),
  /** When a feature of this map was last saved, and by whom (the header's last-saved time). */
  lastSaved: z.nullable(z.strictObject({ at: IsoDateTime, by: z.nullable(z.string()) })),
});
