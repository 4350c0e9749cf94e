import { describe, expect, it } from 'vitest';
import { conflictsOf, displayed, hasPending, PendingEditsStore } from './pending-edits';

const fresh = () => new PendingEditsStore(`test.${Math.random()}`);

describe('unsaved edits of a versioned record (docs/decisions/0030)', () => {
  it('shows what was typed over the server copy, and nothing once typed back', () => {
    const store = fresh();
    store.edit('r1', 'name', 'Mine', 'Server', 3);
    expect(displayed(store.get('r1'), 'name', 'Server')).toBe('Mine');
    store.edit('r1', 'name', 'Server', 'Server', 3);
    expect(hasPending(store.get('r1'))).toBe(false);
  });

  it('keeps an answer cleared on purpose (null) instead of the server value', () => {
    const store = fresh();
    store.edit('r1', 'a', null, 'Server', 3);
    expect(displayed(store.get('r1'), 'a', 'Server')).toBeNull();
  });

  it('shows what is being sent until the save answers, and keeps typing made meanwhile', () => {
    const store = fresh();
    store.edit('r1', 'a', 'one', null, 3);
    expect(store.beginSave('r1')).toEqual({ baseVersion: 3, fields: { a: 'one' } });
    expect(displayed(store.get('r1'), 'a', null)).toBe('one');
    store.edit('r1', 'b', 'two', null, 3);
    store.saved('r1', 4);
    expect(store.get('r1')).toMatchObject({ baseVersion: 4, fields: { b: { mine: 'two' } }, sending: {} });
    expect(store.beginSave('r1')).toEqual({ baseVersion: 4, fields: { b: 'two' } });
  });

  it('puts a refused save back as pending, under what was typed since', () => {
    const store = fresh();
    store.edit('r1', 'a', 'one', null, 3);
    store.beginSave('r1');
    store.edit('r1', 'a', 'one more', null, 3);
    store.failed('r1');
    expect(displayed(store.get('r1'), 'a', null)).toBe('one more');
    expect(store.beginSave('r1')).toEqual({ baseVersion: 3, fields: { a: 'one more' } });
  });

  it('moves edits onto a newer copy: untouched fields kept, equal ones settled, others a conflict', () => {
    const store = fresh();
    store.edit('r1', 'untouched', 'mine', 'old', 3);
    store.edit('r1', 'same', 'both', 'old', 3);
    store.edit('r1', 'clash', 'mine', 'old', 3);
    store.reconcile('r1', { untouched: 'old', same: 'both', clash: 'theirs' }, 4);
    const edits = store.get('r1');
    expect(edits?.baseVersion).toBe(4);
    expect(Object.keys(edits!.fields).sort()).toEqual(['clash', 'untouched']);
    expect(conflictsOf(edits)).toEqual(['clash']);
    // A conflict waits for the choice: the rest is saved on its own.
    expect(store.beginSave('r1')).toEqual({ baseVersion: 4, fields: { untouched: 'mine' } });
    store.saved('r1', 5);
    store.choose('r1', 'clash', 'mine');
    expect(store.beginSave('r1')).toEqual({ baseVersion: 5, fields: { clash: 'mine' } });
  });

  it('takes the other value when the user chooses theirs', () => {
    const store = fresh();
    store.edit('r1', 'clash', 'mine', 'old', 3);
    store.reconcile('r1', { clash: 'theirs' }, 4);
    store.choose('r1', 'clash', 'theirs');
    expect(hasPending(store.get('r1'))).toBe(false);
  });

  it('ignores copies no newer than the edits, and any copy while a save is on its way', () => {
    const store = fresh();
    store.edit('r1', 'a', 'mine', 'old', 3);
    store.reconcile('r1', { a: 'stale' }, 2);
    store.reconcile('r1', { a: 'same version' }, 3);
    expect(conflictsOf(store.get('r1'))).toEqual([]);
    store.beginSave('r1');
    store.reconcile('r1', { a: 'mine' }, 4);
    expect(store.get('r1')?.baseVersion).toBe(3);
  });

  it('survives a reload of the page (localStorage), sent fields included', () => {
    const prefix = `test.${Math.random()}`;
    const before = new PendingEditsStore(prefix);
    before.edit('r1', 'a', 'one', null, 3);
    before.beginSave('r1');
    before.edit('r1', 'b', 'two', null, 3);
    const after = new PendingEditsStore(prefix);
    expect(after.get('r1')).toMatchObject({
      baseVersion: 3,
      restored: true,
      fields: { a: { mine: 'one' }, b: { mine: 'two' } },
    });
  });

  it('runs the saves of one record one after another', async () => {
    const store = fresh();
    const order: string[] = [];
    let release!: () => void;
    const first = store.serialize('r1', () =>
      new Promise<void>((done) => (release = done)).then(() => void order.push('first')),
    );
    const second = store.serialize('r1', async () => void order.push('second'));
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });
});
