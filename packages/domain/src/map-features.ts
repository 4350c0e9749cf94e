/**
 * Spec 002 §3 (map feature, data source config, note, legend item as used on maps), §4 (map editor
 * modes), §5 and §9 (limits and defaults): the site map editor's vocabulary, shared by the routes,
 * the data layer and the SPA (docs/decisions/0041).
 */

/** What a feature on a map shows: a finding, a control measure, a pollutant, or a note. */
export const POSITIONABLE_TYPES = ['findings', 'control_measure', 'pollutant', 'commentables'] as const;
export type PositionableType = (typeof POSITIONABLE_TYPES)[number];

/**
 * What a feature is placed on. An inspection's site map is the project's page as it stood for the
 * inspection, so both name the same map (a site-map id, below) and behave alike.
 */
export const TARGET_TYPES = ['project_uploads', 'project_inspection_uploads'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/**
 * The data-source contexts a map read names (spec 002 §3 positionableContext): legend_items (control
 * measures and pollutants), findings, notes, or all of them (the editor's one read).
 */
export const MAP_CONTEXTS = ['all', 'legend_items', 'findings', 'notes'] as const;
export type MapContext = (typeof MAP_CONTEXTS)[number];

export const CONTEXT_TYPES: Readonly<Record<MapContext, readonly PositionableType[]>> = {
  all: POSITIONABLE_TYPES,
  legend_items: ['control_measure', 'pollutant'],
  findings: ['findings'],
  notes: ['commentables'],
};

/** Spec 002 §3 data source config, §9: the sidebar's order and each type's limit per map. */
export const DATA_SOURCES: readonly {
  type: PositionableType;
  order: number;
  label: string;
  maxInstances: number | null;
}[] = [
  { type: 'findings', order: 1, label: 'Findings', maxInstances: null },
  { type: 'control_measure', order: 2, label: 'Control Measures', maxInstances: null },
  { type: 'pollutant', order: 3, label: 'Pollutants', maxInstances: null },
  { type: 'commentables', order: 4, label: 'Notes', maxInstances: 1 },
];

/** How a feature is drawn: the drawing tools of spec 002 §2, but select, which draws nothing. */
export const SHAPE_KINDS = [
  'point',
  'line',
  'rectangle',
  'square',
  'polygon',
  'circle',
  'oval',
  'text',
] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

/** A point on a site map: pixels of its page image, x right and y down from the top left. */
export type MapPoint = readonly [x: number, y: number];

/**
 * A feature's shape in its page image's pixels. A rectangle, square and oval keep their bounding
 * corners (an oval is the ellipse inscribed in them); a circle its radius about the feature's
 * position; a point and a text sit at the position.
 */
export type Geometry =
  | { type: 'point' }
  | { type: 'line'; points: MapPoint[] }
  | { type: 'polygon'; points: MapPoint[] }
  | { type: 'rectangle' | 'square' | 'oval'; bounds: [MapPoint, MapPoint] }
  | { type: 'circle'; radius: number }
  | { type: 'text'; text: string };

export const MAP_LIMITS = {
  /** Spec 002 §9: a text label holds at most 10 characters. */
  textLabel: 10,
  /** Vertices of one line or polygon: enough for a site boundary traced by hand. */
  vertices: 1000,
  /** Features one save may send (the bench measures 500 on one map). */
  itemsPerSave: 500,
  /**
   * Points of lines and polygons one save may send: a maximal save (500 features, the longest ids
   * and numbers) stays under the 1 MiB request body cap (0041); the editor sends one save.
   */
  pointsPerSave: 10_000,
  /** Spec 002 §5 and §9: a map note's title and content. */
  noteTitle: 100,
  noteContent: 500,
} as const;

/** Spec 002 §9: a finding made from the map starts with these. */
export const MAP_FINDING_DEFAULTS = {
  type: 'CA',
  location: 'See site inspection map for location',
  color: '#2FF363',
} as const;

/** Spec 002 §9: the Corrective Action Notice note template. */
export const CORRECTIVE_ACTION_NOTICE = {
  title: 'Corrective Action Notice',
  content:
    'Corrective action is required at the location marked on this map. Describe the deficiency, the action to be taken and the date it is due.',
} as const;

/**
 * The baseline of a map: what is drawn before the project's first inspection (number 0), which
 * every inspection then shows until it is removed. Edited only while the project has no inspection.
 */
export const BASELINE = 'baseline';

/** The site map a feature is placed on: one page of an Active Site Map document. */
export function siteMapId(uploadId: string, page: number): string {
  return `${uploadId}_${page}`;
}

/** The document and page a site-map id names, or null when it is not one (ids never hold '_'). */
export function parseSiteMapId(id: string): { uploadId: string; page: number } | null {
  const match = /^([A-Za-z0-9-]{1,56})_([1-9][0-9]{0,3})$/.exec(id);
  return match ? { uploadId: match[1]!, page: Number(match[2]) } : null;
}

/**
 * The pages of a site-map document whose maps hold standing features (`standing`: map id -> how
 * many) but that its current file of `pageCount` pages does not have: it was replaced by a file
 * with fewer pages. The features are kept (a map is `<uploadId>_<page>`), and show again once a
 * file has the page; the Active Site Map tab says so. In page order.
 */
export function pagesNotInFile(
  uploadId: string,
  pageCount: number,
  standing: ReadonlyMap<string, number>,
): { page: number; features: number }[] {
  return [...standing]
    .flatMap(([id, features]) => {
      const map = parseSiteMapId(id);
      return map?.uploadId === uploadId && map.page > pageCount && features > 0
        ? [{ page: map.page, features }]
        : [];
    })
    .sort((a, b) => a.page - b.page);
}

/**
 * A feature's lifetime by inspection number (docs/decisions/0041): shown in inspection `n` (the
 * baseline is 0) when `start <= n` and (`end` is null or `n < end`).
 */
export interface Lifetime {
  start: number;
  end: number | null;
}

export function visibleIn(feature: Lifetime, n: number): boolean {
  return feature.start <= n && (feature.end === null || n < feature.end);
}

/** What one edit of a map asks for, in inspection `n` (0: the baseline). */
export type FeatureEdit =
  { kind: 'create' } | { kind: 'change'; current: Lifetime } | { kind: 'remove'; current: Lifetime };

/**
 * What an edit does to the stored versions of one feature (a plan, no I/O): `put` writes a version
 * with that lifetime (`replaces`: in place of the stored current one, as its next version),
 * `delete` removes the stored current one.
 */
export type VersionStep =
  { op: 'put'; lifetime: Lifetime; replaces: boolean } | { op: 'delete'; lifetime: Lifetime };

/**
 * The edit rule of 0041: a feature placed in `n` starts at `n`; changing it in `n` changes it in
 * place when it started in `n`, else ends the old version at `n` and starts a new one at `n`;
 * removing it in `n` deletes it outright when it started in `n`, else ends it at `n`. Only a
 * feature standing in `n` (visible, and not yet ended) may be changed or removed.
 */
export function planFeatureEdit(edit: FeatureEdit, n: number): VersionStep[] {
  if (edit.kind === 'create') return [{ op: 'put', lifetime: { start: n, end: null }, replaces: false }];
  const { current } = edit;
  if (!visibleIn(current, n) || current.end !== null)
    throw new Error('Only a feature standing in the inspection can change');
  if (edit.kind === 'change') {
    if (current.start === n) return [{ op: 'put', lifetime: current, replaces: true }];
    return [
      { op: 'delete', lifetime: current },
      { op: 'put', lifetime: { start: current.start, end: n }, replaces: false },
      { op: 'put', lifetime: { start: n, end: null }, replaces: true },
    ];
  }
  if (current.start === n) return [{ op: 'delete', lifetime: current }];
  return [
    { op: 'delete', lifetime: current },
    { op: 'put', lifetime: { start: current.start, end: n }, replaces: false },
  ];
}

export const MAP_MESSAGES = {
  offMap: 'A feature must lie on the map',
  notSiteMap: 'Missing required variables: projectUpload',
  certified: 'This inspection is certified: its map can no longer be changed.',
  beingSigned: 'This inspection is being signed: its map cannot change now. Reload the map in a moment.',
  archived: 'This project is archived: its maps can no longer be changed.',
  baselineClosed:
    'The baseline can only be drawn before the first inspection. Choose an inspection to change the map.',
  laterInspection:
    'A later inspection has started: this inspection’s map can no longer be changed. Change the map in the latest inspection.',
  publicView: 'The public view is read-only',
  noPermission: 'Your role does not allow all on Map Drawing',
  oneNote: 'A map holds one note',
  notInInspection: 'The finding is not part of this inspection',
  findingInBaseline: 'A finding is placed in an inspection, not on the baseline',
  wrongLegendType: (type: string) => `The legend item is not a ${type.replace('_', ' ')}`,
  sourceFixed: 'A feature keeps its source: remove it and place the other one',
  stale: (names: readonly string[]) =>
    `Someone else changed ${names.length === 1 ? 'this feature' : 'these features'} meanwhile: ${names.join(', ')}. Reload the map to see their changes.`,
  standsOnMap: 'It stands on a map: remove it from the map first',
  featuresOnMap: 'Remove the features from this site map first',
  /** A feature placed or changed on a deleted document's page (removals still work there). */
  mapRemoved: 'This site map was removed: its page can no longer change',
  /** A feature placed or changed on a page the document's current file lacks (replaced by a shorter one). */
  pageNotInFile: 'This page is not in the site map’s current file: what stands on it can only be removed',
  tooManyPoints: `A save holds at most ${MAP_LIMITS.pointsPerSave} points of lines and polygons: save before drawing more`,
} as const;

/**
 * Whether a map may change in an inspection (spec 002 §4, §6; 0041), and why not: null when it
 * may. The public account and a role without all on Map Drawing read only; an archived project is
 * read-only; the baseline is drawn only while the project has had no inspection; an inspection's
 * map changes until the inspection is certified, and only while it is the project's latest (a later
 * one starts from it).
 */
export function mapEditRefusal(state: {
  publicView?: boolean;
  canDraw: boolean;
  archived: boolean;
  isBaseline: boolean;
  projectHasInspections: boolean;
  /** The inspection may still change (isInspectionEditable); ignored for the baseline. */
  inspectionEditable?: boolean;
  /** A later inspection of the project exists; ignored for the baseline. */
  laterInspectionExists?: boolean;
}): string | null {
  if (state.publicView) return MAP_MESSAGES.publicView;
  if (!state.canDraw) return MAP_MESSAGES.noPermission;
  if (state.archived) return MAP_MESSAGES.archived;
  if (state.isBaseline) return state.projectHasInspections ? MAP_MESSAGES.baselineClosed : null;
  if (state.inspectionEditable === false) return MAP_MESSAGES.certified;
  if (state.laterInspectionExists) return MAP_MESSAGES.laterInspection;
  return null;
}

export function mapEditable(state: Parameters<typeof mapEditRefusal>[0]): boolean {
  return mapEditRefusal(state) === null;
}

/** How many points of lines and polygons a save sends (MAP_LIMITS.pointsPerSave). */
export function pointsInSave(items: readonly { geometry: Geometry }[]): number {
  return items.reduce(
    (sum, item) =>
      sum +
      (item.geometry.type === 'line' || item.geometry.type === 'polygon' ? item.geometry.points.length : 0),
    0,
  );
}

/** The points a geometry puts on the map, about the feature's position. */
function pointsOf(geometry: Geometry, at: MapPoint): MapPoint[] {
  switch (geometry.type) {
    case 'line':
    case 'polygon':
      return geometry.points;
    case 'rectangle':
    case 'square':
    case 'oval':
      return geometry.bounds;
    default:
      return [at];
  }
}

/**
 * A feature lies on its map (spec 002 §2; 0041): its position and every point of its shape within
 * the page image ([0, width] x [0, height]); a circle whole on the image (its centre, its position,
 * at least its radius from every edge).
 * Answers the message the user reads, or null.
 */
export function geometryProblem(
  feature: { position_x: number; position_y: number; geometry: Geometry },
  image: { width: number; height: number },
): string | null {
  const on = ([x, y]: MapPoint) => x >= 0 && y >= 0 && x <= image.width && y <= image.height;
  const at: MapPoint = [feature.position_x, feature.position_y];
  if (!on(at)) return MAP_MESSAGES.offMap;
  if (feature.geometry.type === 'circle') {
    const r = feature.geometry.radius;
    return on([at[0] - r, at[1] - r]) && on([at[0] + r, at[1] + r]) ? null : MAP_MESSAGES.offMap;
  }
  return pointsOf(feature.geometry, at).every(on) ? null : MAP_MESSAGES.offMap;
}

/** The inspection number a map read names: 0 for the baseline. */
export const BASELINE_NUMBER = 0;
