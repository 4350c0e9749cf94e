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
