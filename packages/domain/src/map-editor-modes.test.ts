import { describe, expect, it } from 'vitest';
import {
  canPlace,
  defaultMode,
  initialEditorState,
  inspectionSelectorDisabled,
  nextEditorState,
  type MapEditorAccess,
  type MapEditorEvent,
  type MapEditorMode,
  type MapEditorState,
  type PlacedCounts,
} from './map-editor-modes';

const EDITOR: MapEditorAccess = { mapDrawing: true, archived: false, publicView: false, mapLocked: false };
const select = initialEditorState(EDITOR);
const at = (mode: MapEditorMode, extra: Partial<MapEditorState> = {}): MapEditorState => ({
  ...select,
  mode,
  ...extra,
});

describe('spec 002 §4: "select (default with all on Map Drawing), readOnly (without it, and for archived projects)"', () => {
  it.each<[string, Partial<MapEditorAccess>, 'select' | 'readOnly']>([
    ['all on Map Drawing', {}, 'select'],
    ['without all on Map Drawing', { mapDrawing: false }, 'readOnly'],
    ['an archived project', { archived: true }, 'readOnly'],
    ['the public twin ("A public twin is read-only", §2)', { publicView: true }, 'readOnly'],
    ["a certified inspection's map (what was signed, 0041)", { mapLocked: true }, 'readOnly'],
  ])('%s → %s', (_, change, mode) => {
    expect(defaultMode({ ...EDITOR, ...change })).toBe(mode);
    expect(initialEditorState({ ...EDITOR, ...change }).mode).toBe(mode);
  });
});

describe('spec 002 §4 transitions', () => {
  const cases: [
    quote: string,
    from: MapEditorState,
    event: MapEditorEvent,
    placed: PlacedCounts,
    to: Partial<MapEditorState>,
  ][] = [
    [
      '"Adding a finding ... opens its form first"',
      select,
      { type: 'add', sourceType: 'findings' },
      {},
      { mode: 'createSourceModel', sourceType: 'findings' },
    ],
    [
      '"Adding a ... note opens its form first"',
      select,
      { type: 'add', sourceType: 'commentables' },
      {},
      { mode: 'createSourceModel', sourceType: 'commentables' },
    ],
    [
      '"...then switches to placement. Saving a form returns to its next mode (default create)"',
      at('createSourceModel', { sourceType: 'findings' }),
      { type: 'sourceSaved', sourceId: 'f1' },
      {},
      { mode: 'create', sourceType: 'findings', sourceId: 'f1' },
    ],
    [
      '"Saving a form returns to its next mode": a next mode given is kept',
      at('createSourceModel', { sourceType: 'control_measure' }),
      { type: 'sourceSaved', sourceId: 'l1', next: 'select' },
      {},
      { mode: 'select', sourceId: null },
    ],
    [
      'an edited source model returns to the default mode',
      at('editSourceModel', { sourceType: 'commentables', sourceId: 'n1' }),
      { type: 'sourceSaved', sourceId: 'n1' },
      {},
      { mode: 'select' },
    ],
    [
      '"When the maxInstances of a type is reached, placement falls back to the default mode" (notes: 1 per map)',
      at('createSourceModel', { sourceType: 'commentables' }),
      { type: 'sourceSaved', sourceId: 'n2' },
      { commentables: 1 },
      { mode: 'select', sourceId: null, notice: 'A map holds at most 1 note: it is already placed' },
    ],
    [
      'Add Notes on a map that holds its one note falls back at once',
      select,
      { type: 'add', sourceType: 'commentables' },
      { commentables: 1 },
      { mode: 'select', notice: 'A map holds at most 1 note: it is already placed' },
    ],
    [
      'findings have no maxInstances',
      select,
      { type: 'place', sourceType: 'findings', sourceId: 'f9' },
      { findings: 400 },
      { mode: 'create', sourceId: 'f9' },
    ],
    [
      '"Drawing ends by auto-selecting the new shape"',
      at('create', { sourceType: 'pollutant', sourceId: 'l2' }),
      { type: 'drawn', featureId: 'new-1' },
      {},
      { mode: 'modify', featureId: 'new-1', sourceId: null },
    ],
    [
      'a tap on a feature opens its detail',
      select,
      { type: 'open', featureId: 'p1' },
      {},
      { mode: 'detail', featureId: 'p1' },
    ],
    [
      'a tap while drawing belongs to the drawing',
      at('create', { sourceType: 'pollutant', sourceId: 'l2' }),
      { type: 'open', featureId: 'p1' },
      {},
      { mode: 'create', sourceId: 'l2' },
    ],
    [
      'Move/Edit (§2 context menu) → modify',
      at('detail', { featureId: 'p1' }),
      { type: 'modify', featureId: 'p1' },
      {},
      { mode: 'modify', featureId: 'p1' },
    ],
    [
      'Remove from Map asks first (§8)',
      select,
      { type: 'remove', featureId: 'p1' },
      {},
      { mode: 'delete', featureId: 'p1' },
    ],
    [
      'the sidebar edit menu → editSourceModel',
      select,
      { type: 'editSource', sourceType: 'commentables', sourceId: 'n1' },
      {},
      { mode: 'editSourceModel', sourceId: 'n1' },
    ],
    [
      'the sidebar delete menu → deleteSourceModel',
      select,
      { type: 'deleteSource', sourceType: 'pollutant', sourceId: 'l1' },
      {},
      { mode: 'deleteSourceModel', sourceId: 'l1' },
    ],
    [
      'Done returns to the default mode',
      at('modify', { featureId: 'p1' }),
      { type: 'done' },
      {},
      { mode: 'select', featureId: null },
    ],
  ];
  it.each(cases)('%s', (_, from, event, placed, to) => {
    expect(nextEditorState(from, event, placed)).toMatchObject(to);
  });
});

describe('readOnly: "without all on Map Drawing ... read-only"', () => {
  const readOnly = initialEditorState({ ...EDITOR, mapDrawing: false });
  it.each<MapEditorEvent>([
    { type: 'add', sourceType: 'findings' },
    { type: 'place', sourceType: 'pollutant', sourceId: 'l1' },
    { type: 'modify', featureId: 'p1' },
    { type: 'remove', featureId: 'p1' },
    { type: 'editSource', sourceType: 'commentables', sourceId: 'n1' },
    { type: 'deleteSource', sourceType: 'commentables', sourceId: 'n1' },
  ])('ignores %o', (event) => {
    expect(nextEditorState(readOnly, event)).toBe(readOnly);
  });
  it("opens a feature's detail and closes it back to readOnly", () => {
    const detail = nextEditorState(readOnly, { type: 'open', featureId: 'p1' });
    expect(detail).toMatchObject({ mode: 'detail', featureId: 'p1' });
    expect(nextEditorState(detail, { type: 'done' })).toMatchObject({ mode: 'readOnly', featureId: null });
  });
});

describe('"The inspection selector is disabled while edits are pending or in create mode"', () => {
  it.each<[MapEditorMode, number, boolean]>([
    ['select', 0, false],
    ['select', 1, true],
    ['create', 0, true],
    ['modify', 0, false],
    ['detail', 3, true],
  ])('%s with %i pending edits → disabled %s', (mode, pending, disabled) => {
    expect(inspectionSelectorDisabled(at(mode), pending)).toBe(disabled);
  });
});

describe('§9 "Notes map item: maxInstances 1 per map"', () => {
  it('allows one note, and any number of the other types', () => {
    expect(canPlace('commentables', {})).toBe(true);
    expect(canPlace('commentables', { commentables: 1 })).toBe(false);
    expect(canPlace('control_measure', { control_measure: 999 })).toBe(true);
  });
});
