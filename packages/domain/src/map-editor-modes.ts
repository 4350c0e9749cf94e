/**
 * Spec 002 §4 "Map editor modes": what the site map editor is doing, and how each user action
 * moves it on. Pure, so the screen, its tests and a reader of the spec see one set of rules
 * (docs/decisions/0041).
 */
import { DATA_SOURCES, type PositionableType } from './map-features';

export const MAP_EDITOR_MODES = [
  'select',
  'readOnly',
  'create',
  'modify',
  'delete',
  'createSourceModel',
  'editSourceModel',
  'deleteSourceModel',
  'detail',
] as const;
export type MapEditorMode = (typeof MAP_EDITOR_MODES)[number];

/** Why the editor may change the map at all (spec 002 §4, §6). */
export interface MapEditorAccess {
  /** 'all' on Map Drawing (spec 002 §6 "Map editing"). */
  mapDrawing: boolean;
  /** The project is archived: read-only (spec 002 §4 Project). */
  archived: boolean;
  /** The public twin: read-only (spec 002 §2). */
  publicView: boolean;
  /**
   * The map shown may not change: a certified inspection's map (what was signed), or the
   * baseline once the project has inspections (docs/decisions/0041).
   */
  mapLocked: boolean;
}

/** Spec 002 §4: select is the default with all on Map Drawing, readOnly without it (and archived). */
export function defaultMode(access: MapEditorAccess): 'select' | 'readOnly' {
  return access.mapDrawing && !access.archived && !access.publicView && !access.mapLocked
    ? 'select'
    : 'readOnly';
}

export interface MapEditorState {
  mode: MapEditorMode;
  /** select or readOnly: where Done, Cancel and Escape return to. */
  defaultMode: 'select' | 'readOnly';
  /** The data source being added, placed or edited (create and the source-model modes). */
  sourceType: PositionableType | null;
  /** The source model being placed (create) or edited (editSourceModel, deleteSourceModel). */
  sourceId: string | null;
  /** The feature selected (modify), shown (detail) or asked about (delete). */
  featureId: string | null;
  /** Where a form returns to once saved (spec 002 §4: "default create"). */
  next: MapEditorMode;
  /** Said to the user when an action fell back (maxInstances reached). */
  notice: string | null;
}

export function initialEditorState(access: MapEditorAccess): MapEditorState {
  const mode = defaultMode(access);
  return {
    mode,
    defaultMode: mode,
    sourceType: null,
    sourceId: null,
    featureId: null,
    next: 'create',
    notice: null,
  };
}

export type MapEditorEvent =
  /** Add Finding / Control Measure / Pollutant / Notes (context menu, sidebar Add). */
  | { type: 'add'; sourceType: PositionableType }
  /** The source model's form was saved (a new one made, or one picked): `next` defaults to create. */
  | { type: 'sourceSaved'; sourceId: string; next?: MapEditorMode }
  /** An existing source model to place (a legend item picked, a finding from the list). */
  | { type: 'place'; sourceType: PositionableType; sourceId: string }
  /** A shape was drawn: drawing ends by selecting it (spec 002 §4). */
  | { type: 'drawn'; featureId: string }
  /** A feature tapped or clicked: its detail. */
  | { type: 'open'; featureId: string }
  /** Move/Edit: its shape can be changed. */
  | { type: 'modify'; featureId: string }
  /** Remove from Map: asks first (spec 002 §8). */
  | { type: 'remove'; featureId: string }
  | { type: 'editSource'; sourceType: PositionableType; sourceId: string }
  | { type: 'deleteSource'; sourceType: PositionableType; sourceId: string }
  /** Done, Cancel, Escape, a confirmation answered, a form closed. */
  | { type: 'done' };

/** How many features of each type stand on the map now (pending edits included). */
export type PlacedCounts = Partial<Record<PositionableType, number>>;

/** Spec 002 §9 maxInstances: whether one more of `type` may be placed on this map. */
export function canPlace(type: PositionableType, placed: PlacedCounts): boolean {
  const max = DATA_SOURCES.find((source) => source.type === type)?.maxInstances ?? null;
  return max === null || (placed[type] ?? 0) < max;
}

export function maxInstancesNotice(type: PositionableType): string {
  const source = DATA_SOURCES.find((s) => s.type === type)!;
  const one = type === 'commentables' ? 'note' : source.label.toLowerCase().replace(/s$/, '');
  return `A map holds at most ${source.maxInstances} ${one}${source.maxInstances === 1 ? '' : 's'}: it is already placed`;
}

function back(state: MapEditorState, notice: string | null = null): MapEditorState {
  return {
    ...state,
    mode: state.defaultMode,
    sourceType: null,
    sourceId: null,
    featureId: null,
    next: 'create',
    notice,
  };
}

/** Placement, unless the type's maxInstances is reached: then the default mode, saying why. */
function placement(state: MapEditorState, type: PositionableType, sourceId: string, placed: PlacedCounts) {
  if (!canPlace(type, placed)) return back(state, maxInstancesNotice(type));
  return { ...state, mode: 'create' as const, sourceType: type, sourceId, featureId: null, notice: null };
}

/**
 * The next state after `event`. readOnly only opens and closes a feature's detail; every change
 * is ignored there, so a read-only map cannot be edited by any path the screen forgets to hide.
 */
export function nextEditorState(
  state: MapEditorState,
  event: MapEditorEvent,
  placed: PlacedCounts = {},
): MapEditorState {
  if (state.defaultMode === 'readOnly') {
    if (event.type === 'open') return { ...state, mode: 'detail', featureId: event.featureId, notice: null };
    if (event.type === 'done') return back(state);
    return state;
  }
  switch (event.type) {
    case 'add':
      if (!canPlace(event.sourceType, placed)) return back(state, maxInstancesNotice(event.sourceType));
      // A finding or a note opens its form first (spec 002 §4); a control measure or pollutant
      // its legend item picker (a division item, or a new one of the project's).
      return { ...back(state), mode: 'createSourceModel', sourceType: event.sourceType, next: 'create' };
    case 'sourceSaved': {
      const type = state.sourceType;
      if (!type || (state.mode !== 'createSourceModel' && state.mode !== 'editSourceModel')) return state;
      const next = event.next ?? (state.mode === 'createSourceModel' ? state.next : state.defaultMode);
      if (next === 'create') return placement(state, type, event.sourceId, placed);
      return { ...back(state), mode: next };
    }
    case 'place':
      return placement(state, event.sourceType, event.sourceId, placed);
    case 'drawn':
      return { ...back(state), mode: 'modify', featureId: event.featureId };
    case 'open':
      // Not while a shape is being drawn: the tap is the drawing's.
      if (state.mode === 'create') return state;
      return { ...back(state), mode: 'detail', featureId: event.featureId };
    case 'modify':
      return { ...back(state), mode: 'modify', featureId: event.featureId };
    case 'remove':
      return { ...back(state), mode: 'delete', featureId: event.featureId };
    case 'editSource':
      return {
        ...back(state),
        mode: 'editSourceModel',
        sourceType: event.sourceType,
        sourceId: event.sourceId,
      };
    case 'deleteSource':
      return {
        ...back(state),
        mode: 'deleteSourceModel',
        sourceType: event.sourceType,
        sourceId: event.sourceId,
      };
    case 'done':
      return back(state);
  }
}

/**
 * Spec 002 §4: the inspection selector is disabled while edits are pending or in create mode
 * (switching would show another inspection's map under edits made for this one).
 */
export function inspectionSelectorDisabled(state: MapEditorState, pendingEdits: number): boolean {
  return pendingEdits > 0 || state.mode === 'create';
}
