import { describe, expect, it } from 'vitest';
import {
  geometryProblem,
  MAP_MESSAGES,
  mapEditable,
  mapEditRefusal,
  pagesNotInFile,
  parseSiteMapId,
  planFeatureEdit,
  siteMapId,
  visibleIn,
} from './map-features';
import type { FeatureEdit, Geometry, VersionStep } from './map-features';

/*
 * Issue 21: "a feature is visible from its start inspection until its end inspection, so an older
 * inspection's map shows what was on site then, and removing a feature in a later inspection does
 * not rewrite the earlier ones." ADR 0041: shown in inspection n when start <= n and (end is null
 * or n < end); the baseline is number 0.
 */
describe('visibleIn: which features an inspection’s map shows', () => {
  it.each([
    // [start, end, n, shown, why]
    [0, null, 0, true, 'drawn on the baseline: shown on the baseline'],
    [0, null, 5, true, 'drawn on the baseline and never removed: shown in every inspection'],
    [2, null, 1, false, 'placed in inspection 2: not on inspection 1, which came before'],
    [2, null, 2, true, 'placed in inspection 2: shown in it'],
    [2, 4, 3, true, 'removed in inspection 4: still shown in inspection 3'],
    [2, 4, 4, false, 'removed in inspection 4: gone from inspection 4 on'],
    [2, 4, 7, false, 'removed in inspection 4: gone from later inspections'],
    [0, 1, 0, true, 'ended in inspection 1: the baseline keeps it'],
  ] as const)('start %s, end %s, inspection %s: %s (%s)', (start, end, n, shown, _why) => {
    expect(visibleIn({ start, end }, n)).toBe(shown);
  });
});

/*
 * ADR 0041: "A feature placed in inspection n starts at n. Removing it in n ends it at n; if it also
 * started in n it is deleted outright. Changing it in n when it started earlier ends the old version
 * at n and starts a new version at n with the same feature id; if it started in n it changes in
 * place."
 */
describe('planFeatureEdit: what an edit in inspection n does to the stored versions', () => {
  const cases: [string, FeatureEdit, number, VersionStep[]][] = [
    [
      'placed in inspection 3: starts at 3',
      { kind: 'create' },
      3,
      [{ op: 'put', lifetime: { start: 3, end: null }, replaces: false }],
    ],
    [
      'drawn on the baseline: starts at 0',
      { kind: 'create' },
      0,
      [{ op: 'put', lifetime: { start: 0, end: null }, replaces: false }],
    ],
    [
      'changed in the inspection it started in: in place',
      { kind: 'change', current: { start: 3, end: null } },
      3,
      [{ op: 'put', lifetime: { start: 3, end: null }, replaces: true }],
    ],
    [
      'changed in a later inspection: the old version ends at 4, a new one starts at 4',
      { kind: 'change', current: { start: 1, end: null } },
      4,
      [
        { op: 'delete', lifetime: { start: 1, end: null } },
        { op: 'put', lifetime: { start: 1, end: 4 }, replaces: false },
        { op: 'put', lifetime: { start: 4, end: null }, replaces: true },
      ],
    ],
    [
      'removed in the inspection it started in: deleted outright',
      { kind: 'remove', current: { start: 4, end: null } },
      4,
      [{ op: 'delete', lifetime: { start: 4, end: null } }],
    ],
    [
      'removed in a later inspection: ends at 4, the earlier maps keep it',
      { kind: 'remove', current: { start: 0, end: null } },
      4,
      [
        { op: 'delete', lifetime: { start: 0, end: null } },
        { op: 'put', lifetime: { start: 0, end: 4 }, replaces: false },
      ],
    ],
  ];
  it.each(cases)('%s', (_why, edit, n, plan) => {
    expect(planFeatureEdit(edit, n)).toEqual(plan);
  });

  it('leaves every earlier inspection’s map as it was', () => {
    // A feature from the baseline, changed in 2 and removed in 4: inspections 0 and 1 see the
    // first version, 2 and 3 the second, 4 on neither.
    const versions = [
      ...planFeatureEdit({ kind: 'change', current: { start: 0, end: null } }, 2).filter(
        (s) => s.op === 'put',
      ),
    ].map((s) => s.lifetime);
    const changed = versions.find((v) => v.end === null)!;
    const removed = planFeatureEdit({ kind: 'remove', current: changed }, 4)
      .filter((s) => s.op === 'put')
      .map((s) => s.lifetime);
    const stored = [versions.find((v) => v.end !== null)!, ...removed];
    const shown = (n: number) => stored.filter((v) => visibleIn(v, n)).map((v) => v.start);
    expect([0, 1, 2, 3, 4, 5].map(shown)).toEqual([[0], [0], [2], [2], [], []]);
  });

  it('refuses to change a version that no longer stands', () => {
    expect(() => planFeatureEdit({ kind: 'remove', current: { start: 1, end: 3 } }, 3)).toThrow();
    expect(() => planFeatureEdit({ kind: 'change', current: { start: 5, end: null } }, 3)).toThrow();
  });
});

/*
 * Spec 002 §4: "readOnly (without [all on Map Drawing], and for archived projects)"; "Inspection
 * editable state: editable until certified"; §6 "Public visitors are read-only". ADR 0041: the
 * baseline is "editable only while the project has no inspection".
 */
describe('mapEditable: whether a map may change for an inspection', () => {
  const open = {
    canDraw: true,
    archived: false,
    isBaseline: false,
    projectHasInspections: true,
    inspectionEditable: true,
    laterInspectionExists: false,
  };
  it.each([
    ['an open inspection, with all on Map Drawing', open, null],
    ['the public view', { ...open, publicView: true }, MAP_MESSAGES.publicView],
    ['a role without all on Map Drawing', { ...open, canDraw: false }, MAP_MESSAGES.noPermission],
    ['an archived project', { ...open, archived: true }, MAP_MESSAGES.archived],
    ['a certified inspection', { ...open, inspectionEditable: false }, MAP_MESSAGES.certified],
    [
      'an inspection a later one follows',
      { ...open, laterInspectionExists: true },
      MAP_MESSAGES.laterInspection,
    ],
    ['the baseline before any inspection', { ...open, isBaseline: true, projectHasInspections: false }, null],
    ['the baseline after the first inspection', { ...open, isBaseline: true }, MAP_MESSAGES.baselineClosed],
    [
      'the baseline of an archived project',
      { ...open, isBaseline: true, projectHasInspections: false, archived: true },
      MAP_MESSAGES.archived,
    ],
  ] as const)('%s', (_why, state, refusal) => {
    expect(mapEditRefusal(state)).toBe(refusal);
    expect(mapEditable(state)).toBe(refusal === null);
  });
});

describe('geometryProblem: a feature lies on its map', () => {
  const image = { width: 4000, height: 2828 };
  const at = (x: number, y: number, geometry: Geometry) => ({ position_x: x, position_y: y, geometry });
  it.each([
    ['a point on the image', at(10, 10, { type: 'point' }), null],
    ['a point on the image’s far corner', at(4000, 2828, { type: 'point' }), null],
    ['a point left of the image', at(-1, 10, { type: 'point' }), MAP_MESSAGES.offMap],
    ['a point below the image', at(10, 2829, { type: 'point' }), MAP_MESSAGES.offMap],
    [
      'a line on the image',
      at(0, 0, {
        type: 'line',
        points: [
          [0, 0],
          [100, 200],
        ],
      }),
      null,
    ],
    [
      'a line with a node off the image',
      at(0, 0, {
        type: 'line',
        points: [
          [0, 0],
          [4001, 200],
        ],
      }),
      MAP_MESSAGES.offMap,
    ],
    [
      'a polygon on the image',
      at(5, 5, {
        type: 'polygon',
        points: [
          [5, 5],
          [50, 5],
          [50, 50],
        ],
      }),
      null,
    ],
    [
      'a rectangle reaching past the bottom',
      at(5, 5, {
        type: 'rectangle',
        bounds: [
          [5, 5],
          [50, 3000],
        ],
      }),
      MAP_MESSAGES.offMap,
    ],
    // A circle lies whole on the image, like every other shape (review 21: a radius of 100000).
    ['a circle whole on the image', at(600, 600, { type: 'circle', radius: 500 }), null],
    ['a circle touching the left and top edges', at(500, 500, { type: 'circle', radius: 500 }), null],
    [
      'a circle reaching past the right edge',
      at(3990, 600, { type: 'circle', radius: 500 }),
      MAP_MESSAGES.offMap,
    ],
    ['a circle reaching past the top', at(600, 10, { type: 'circle', radius: 500 }), MAP_MESSAGES.offMap],
    ['a circle centred off the image', at(4010, 10, { type: 'circle', radius: 5 }), MAP_MESSAGES.offMap],
    ['a text label on the image', at(100, 100, { type: 'text', text: 'DP-1' }), null],
  ] as const)('%s', (_why, feature, problem) => {
    expect(geometryProblem(feature as never, image)).toBe(problem);
  });
});

describe('site-map ids', () => {
  it('name a page of a document and read back', () => {
    expect(siteMapId('0b0c-11', 2)).toBe('0b0c-11_2');
    expect(parseSiteMapId('0b0c-11_2')).toEqual({ uploadId: '0b0c-11', page: 2 });
    expect(parseSiteMapId('0b0c-11')).toBeNull();
    expect(parseSiteMapId('0b0c-11_0')).toBeNull();
  });
});

describe('pagesNotInFile', () => {
  const standing = new Map([
    ['doc-a_1', 3],
    ['doc-a_3', 2],
    ['doc-a_2', 1],
    ['doc-a_4', 0],
    ['doc-b_5', 7],
  ]);

  it('names the pages of the document beyond the file that hold standing features, in page order', () => {
    expect(pagesNotInFile('doc-a', 1, standing)).toEqual([
      { page: 2, features: 1 },
      { page: 3, features: 2 },
    ]);
  });

  it('says nothing when the file has every page, or for another document’s maps', () => {
    expect(pagesNotInFile('doc-a', 4, standing)).toEqual([]);
    expect(pagesNotInFile('doc-c', 0, standing)).toEqual([]);
  });
});
