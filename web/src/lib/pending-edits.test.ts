import { describe, expect, it } from 'vitest';
import { setPendingEditsOwner } from './edits-owner';
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

  it('reads back nothing from storage that is not a well-formed record', () => {
    const prefix = `test.${Math.random()}`;
    for (const [id, text] of [
      ['null-fields', '{"baseVersion":3,"fields":null}'],
      ['bare-values', '{"baseVersion":3,"fields":{"a":"x"}}'],
      ['no-version', '{"fields":{}}'],
      ['not-json', '{'],
    ] as const)
      window.localStorage.setItem(`${prefix}..${id}`, text);
    const store = new PendingEditsStore(prefix);
    for (const id of ['null-fields', 'bare-values', 'no-version', 'not-json']) {
      expect(store.get(id)).toBeNull();
      expect(conflictsOf(store.get(id))).toEqual([]);
    }
  });

  it('keeps an answer the other user cleared (null) as their value, not the old one', () => {
    const store = fresh();
    store.edit('r1', 'a', 'mine', 'old', 3);
    store.reconcile('r1', { a: null }, 4);
    store.edit('r1', 'a', 'old', 'old', 4); // typed over the conflict: settled as mine
    expect(displayed(store.get('r1'), 'a', null)).toBe('old');
    expect(store.beginSave('r1')).toEqual({ baseVersion: 4, fields: { a: 'old' } });
  });

  it('after a refused save, a field typed again meanwhile keeps the server value it was typed over', () => {
    const store = fresh();
    store.edit('r1', 'a', 'one', 'server', 3);
    store.beginSave('r1');
    store.edit('r1', 'a', 'two', 'server', 3);
    store.failed('r1');
    store.reconcile('r1', { a: 'server' }, 4); // nobody else touched it: no conflict
    expect(conflictsOf(store.get('r1'))).toEqual([]);
    expect(displayed(store.get('r1'), 'a', 'server')).toBe('two');
  });

  it("keeps each signed-in user's edits apart on a shared device", () => {
    const prefix = `test.${Math.random()}`;
    const store = new PendingEditsStore(prefix);
    setPendingEditsOwner('user-a');
    store.edit('r1', 'a', 'typed by A', null, 3);
    setPendingEditsOwner('user-b');
    expect(store.get('r1')).toBeNull();
    setPendingEditsOwner('user-a');
    expect(displayed(store.get('r1'), 'a', null)).toBe('typed by A');
    setPendingEditsOwner('');
  });
  it('edits restored above the server’s version (the record went back) show a conflict, not a 409 for ever', () => {
    const prefix = `test.${Math.random()}`;
    const before = new PendingEditsStore(prefix);
    before.edit('r1', 'clash', 'mine', 'old', 7);
    before.edit('r1', 'kept', 'same', 'old', 7);
    // The tab is reopened; meanwhile the record was restored to version 3.
    const store = new PendingEditsStore(prefix);
    store.reconcile('r1', { clash: 'old', kept: 'same' }, 3);
    const edits = store.get('r1');
    expect(edits?.baseVersion).toBe(3);
    // What the record holds now, even the value typed over, is shown beside what was typed.
    expect(conflictsOf(edits)).toEqual(['clash']);
    expect(edits?.fields.clash).toMatchObject({ mine: 'mine', theirs: 'old' });
    store.choose('r1', 'clash', 'mine');
    expect(store.beginSave('r1')).toEqual({ baseVersion: 3, fields: { clash: 'mine' } });
  });

  it('after a save refused as stale, a lower version read next is the server’s word', () => {
    const store = fresh();
    store.edit('r1', 'a', 'mine', 'old', 5);
    store.beginSave('r1');
    store.failed('r1', { stale: true });
    store.reconcile('r1', { a: 'reset' }, 2);
    expect(store.get('r1')).toMatchObject({
      baseVersion: 2,
      fields: { a: { mine: 'mine', theirs: 'reset' } },
    });
    // Once reconciled, an older copy is a stale read again.
    store.choose('r1', 'a', 'mine');
    store.reconcile('r1', { a: 'older' }, 1);
    expect(store.get('r1')?.baseVersion).toBe(2);
    expect(conflictsOf(store.get('r1'))).toEqual([]);
  });

  it('forgets one field whose record is gone, and keeps the others', () => {
    const store = fresh();
    store.edit('r1', 'gone', 'typed', '', 0);
    store.edit('r1', 'new', 'draft', '', 0);
    store.forget('r1', 'gone');
    expect(Object.keys(store.get('r1')!.fields)).toEqual(['new']);
    store.forget('r1', 'new');
    expect(store.get('r1')).toBeNull();
  });
});
