import { describe, expect, it } from 'vitest';
import {
  addFeature,
  changeFeature,
  displayedFeatures,
  EMPTY_EDITS,
  keepMine,
  pendingCount,
  removeFeature,
  revertFeature,
  staleEdits,
  takeTheirs,
  toSave,
  undo,
  type DraftFeature,
} from './pending-edits';

const source = {
  id: 'l1',
  name: 'Silt fence',
  color: null,
  map_symbol: null,
  scope: null,
  detail: null,
  deleted: false,
};
const saved: DraftFeature = {
  key: 'p1',
  positionables_id: 'p1',
  positionable_id: 'l1',
  positionable_type: 'control_measure',
  position_x: 10,
  position_y: 10,
  geometry: {
    type: 'line',
    points: [
      [0, 0],
      [20, 20],
    ],
  },
  positionable_config: null,
  source,
  version: 3,
};
const moved: DraftFeature = {
  ...saved,
  position_x: 60,
  geometry: {
    type: 'line',
    points: [
      [50, 0],
      [70, 20],
    ],
  },
};
const fresh: DraftFeature = { ...saved, key: 'new-1', positionables_id: null, version: null };

describe('spec 002 §4 "Modify queues each changed feature as a pending update"', () => {
  it('queues a change and shows it over what was read', () => {
    const queue = changeFeature(EMPTY_EDITS, saved, moved);
    expect(pendingCount(queue)).toBe(1);
    expect(displayedFeatures([saved], queue)).toEqual([moved]);
  });

  it('"Revert restores the original geometry"', () => {
    const twice = changeFeature(changeFeature(EMPTY_EDITS, saved, moved), moved, {
      ...moved,
      position_x: 90,
    });
    const reverted = revertFeature(twice, 'p1');
    expect(pendingCount(reverted)).toBe(0);
    expect(displayedFeatures([saved], reverted)).toEqual([saved]);
  });

  it('Undo takes back the last operation only', () => {
    const one = changeFeature(EMPTY_EDITS, saved, moved);
    const two = addFeature(one, fresh);
    expect(displayedFeatures([saved], undo(two))).toEqual([moved]);
    expect(displayedFeatures([saved], undo(undo(two)))).toEqual([saved]);
    expect(undo(EMPTY_EDITS)).toBe(EMPTY_EDITS);
  });

  it('a new feature removed again is forgotten; a saved one is queued for removal', () => {
    expect(pendingCount(removeFeature(addFeature(EMPTY_EDITS, fresh), fresh))).toBe(0);
    const removed = removeFeature(changeFeature(EMPTY_EDITS, saved, moved), moved);
    expect(displayedFeatures([saved], removed)).toEqual([]);
    // The removal is sent at the version read, with the original's shape.
    expect(toSave(removed)).toEqual([
      expect.objectContaining({ positionables_id: 'p1', version: 3, remove: true, position_x: 10 }),
    ]);
  });

  it('toSave(): the items of the one PUT .../update', () => {
    const queue = addFeature(changeFeature(EMPTY_EDITS, saved, moved), fresh);
    expect(toSave(queue)).toEqual([
      {
        positionables_id: 'p1',
        version: 3,
        positionable_id: 'l1',
        positionable_type: 'control_measure',
        position_x: 60,
        position_y: 10,
        geometry: {
          type: 'line',
          points: [
            [50, 0],
            [70, 20],
          ],
        },
        positionable_config: null,
      },
      expect.objectContaining({ clientId: 'new-1', positionable_id: 'l1' }),
    ]);
    // A new feature moved before saving stays one new feature.
    const movedNew = changeFeature(addFeature(EMPTY_EDITS, fresh), fresh, { ...fresh, position_x: 5 });
    expect(toSave(movedNew)).toEqual([expect.objectContaining({ clientId: 'new-1', position_x: 5 })]);
  });
});

describe('a stale save (409): never overwrite silently', () => {
  const queue = changeFeature(EMPTY_EDITS, saved, moved);
  const theirs = { ...saved, version: 4, position_x: 30 };

  it('names the edits whose feature someone else changed or removed', () => {
    expect(staleEdits(queue, [theirs])).toEqual([{ edit: queue.edits[0], theirs }]);
    expect(staleEdits(queue, [])).toEqual([{ edit: queue.edits[0], theirs: null }]);
    expect(staleEdits(queue, [saved])).toEqual([]);
  });

  it('"Keep mine" sends the change at their version; "Use theirs" drops it', () => {
    expect(toSave(keepMine(queue, [theirs]))[0]).toMatchObject({ version: 4, position_x: 60 });
    expect(pendingCount(takeTheirs(queue, [theirs]))).toBe(0);
    // A change to a feature someone removed is placed again as a new one.
    expect(toSave(keepMine(queue, []))[0]).toMatchObject({ clientId: 're-p1', position_x: 60 });
  });
});
