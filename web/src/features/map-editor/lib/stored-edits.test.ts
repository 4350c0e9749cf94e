import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAP_LIMITS } from '@stormline/domain/map-features';
import { signOut } from '../../../lib/auth';
import { setPendingEditsOwner } from '../../../lib/edits-owner';
import { addFeature, changeFeature, EMPTY_EDITS, type DraftFeature } from './pending-edits';
import { forgetMapEdits, readMapEdits, restoredQueue, storeMapEdits } from './stored-edits';

/** The map editor's pending edits kept on the device (docs/decisions/0041). */

const source = {
  id: 's1',
  name: 'Silt fence',
  color: null,
  map_symbol: null,
  scope: null,
  detail: null,
  deleted: false,
};
const drawn = (key: string, points = 2): DraftFeature => ({
  key,
  positionables_id: null,
  positionable_id: 's1',
  positionable_type: 'control_measure',
  position_x: 10,
  position_y: 10,
  geometry: {
    type: 'line',
    points: Array.from({ length: points }, (_, i) => [10 + i, 10] as [number, number]),
  },
  positionable_config: null,
  source,
  version: null,
});
const saved: DraftFeature = { ...drawn('f1'), positionables_id: 'f1', version: 4 };
const queue = changeFeature(addFeature(EMPTY_EDITS, drawn('new-1')), saved, {
  ...saved,
  position_x: 40,
});
const T = '2026-11-29T09:30:00.000Z';

beforeEach(() => setPendingEditsOwner('user-1'));
afterEach(() => setPendingEditsOwner(''));

describe('map edits kept on the device', () => {
  it('round trip: what was queued reads back with the save it was made over, and restores as pending', () => {
    expect(storeMapEdits('up1_1', 'i2', queue, T, new Date('2026-11-29T10:00:00Z'))).toBe(true);
    const stored = readMapEdits('up1_1', 'i2');
    expect(stored).toEqual({ storedAt: '2026-11-29T10:00:00.000Z', baseSavedAt: T, edits: queue.edits });
    // The version each change was read at travels with it: the save is refused (409) if it moved.
    expect(stored!.edits[1]).toMatchObject({ kind: 'change', original: { version: 4 } });
    expect(restoredQueue(stored!)).toEqual({ edits: queue.edits, history: [] });
  });

  it('is kept apart by user, map and inspection', () => {
    storeMapEdits('up1_1', 'i2', queue, null);
    expect(readMapEdits('up1_1', 'baseline')).toBeNull();
    expect(readMapEdits('up1_2', 'i2')).toBeNull();
    setPendingEditsOwner('user-2');
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
    storeMapEdits('up1_1', 'i2', addFeature(EMPTY_EDITS, drawn('new-2')), null);
    setPendingEditsOwner('user-1');
    expect(readMapEdits('up1_1', 'i2')!.edits).toEqual(queue.edits);
  });

  it('an empty queue (saved, cancelled) or a discard removes the stored copy', () => {
    storeMapEdits('up1_1', 'i2', queue, null);
    storeMapEdits('up1_1', 'i2', EMPTY_EDITS, null);
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
    storeMapEdits('up1_1', 'i2', queue, null);
    forgetMapEdits('up1_1', 'i2');
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
  });

  it('signing out removes every draft of the user, and only theirs', async () => {
    storeMapEdits('up1_1', 'i2', queue, null);
    storeMapEdits('up1_2', 'baseline', queue, null);
    setPendingEditsOwner('user-2');
    storeMapEdits('up1_1', 'i2', queue, null);
    setPendingEditsOwner('user-1');
    await signOut();
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
    expect(readMapEdits('up1_2', 'baseline')).toBeNull();
    setPendingEditsOwner('user-2');
    expect(readMapEdits('up1_1', 'i2')!.edits).toEqual(queue.edits);
  });

  it('keeps nothing without a signed-in user', () => {
    setPendingEditsOwner('');
    expect(storeMapEdits('up1_1', 'i2', queue, null)).toBe(false);
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
  });

  it('keeps no more than one save may send: past it, the stored copy goes rather than a part of it', () => {
    storeMapEdits('up1_1', 'i2', queue, null);
    let big = EMPTY_EDITS;
    for (let i = 0; i < MAP_LIMITS.itemsPerSave + 1; i++) big = addFeature(big, drawn(`new-${i}`));
    expect(storeMapEdits('up1_1', 'i2', big, null)).toBe(false);
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
    const long = addFeature(EMPTY_EDITS, drawn('new-long', MAP_LIMITS.pointsPerSave + 1));
    expect(storeMapEdits('up1_1', 'i2', long, null)).toBe(false);
  });

  it('reads back only well-formed edits (what localStorage holds is anyone’s to change)', () => {
    storeMapEdits('up1_1', 'i2', queue, null);
    const key = 'drafts.user-1.map-edits.up1_1.i2';
    const stored = JSON.parse(window.localStorage.getItem(key)!) as { edits: unknown[] };
    for (const edits of [[{ kind: 'change', key: 'f1', feature: saved }], [{ kind: 'nonsense' }], [], 'x']) {
      window.localStorage.setItem(key, JSON.stringify({ ...stored, edits }));
      expect(readMapEdits('up1_1', 'i2')).toBeNull();
    }
    window.localStorage.setItem(key, '{not json');
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
  });
});
