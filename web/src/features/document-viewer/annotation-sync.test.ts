import { describe, expect, it } from 'vitest';
import type { XfdfAnnotation } from '@stormline/contract/xfdf';
import { parseXfdfCommand } from '@stormline/contract/xfdf-read';
import { AnnotationSync } from './annotation-sync';

const square = (name: string, over: Partial<XfdfAnnotation> = {}): XfdfAnnotation => ({
  kind: 'square',
  name,
  page: 0,
  rect: [72, 600, 200, 700],
  title: 'Avery Admin',
  date: '2026-01-02T03:04:05.000Z',
  color: '#E44234',
  interiorColor: null,
  opacity: 1,
  width: 2,
  contents: null,
  fontSize: null,
  start: null,
  end: null,
  vertices: null,
  gestures: null,
  coords: null,
  ...over,
});

/** What the next command would carry, by part and name. */
function next(sync: AnnotationSync) {
  const outgoing = sync.outgoing();
  if (!outgoing) return null;
  const command = parseXfdfCommand(outgoing.xfdf);
  return {
    outgoing,
    add: command.add.map((a) => a.name),
    modify: command.modify.map((a) => a.name),
    delete: command.delete,
  };
}

describe('the viewer keeps unsaved annotations until the server saves them', () => {
  it('sends a failed change again (Retry, reconnect), even when the engine reports it unchanged', () => {
    const sync = new AnnotationSync();
    sync.loadStored([]);
    expect(sync.local('new-1', square('new-1'))).toBe(true);
    expect(next(sync)).toMatchObject({ add: ['new-1'], modify: [], delete: [] });
    // The command failed (not connected, 409, a timeout): nothing confirmed.
    expect(sync.hasPending).toBe(true);
    // The same state committed again is still a change to save.
    expect(sync.local('new-1', square('new-1'))).toBe(true);
    const retry = next(sync)!;
    expect(retry).toMatchObject({ add: ['new-1'] });
    sync.confirm(retry.outgoing);
    expect(sync.hasPending).toBe(false);
    expect(next(sync)).toBeNull();
    // Saved: now the engine's report of it is no change, and a move is a modify.
    expect(sync.local('new-1', square('new-1'))).toBe(false);
    expect(sync.local('new-1', square('new-1', { rect: [80, 600, 210, 700] }))).toBe(true);
    expect(next(sync)).toMatchObject({ add: [], modify: ['new-1'] });
  });

  it('keeps a change made while a command was on its way for the next command', () => {
    const sync = new AnnotationSync();
    sync.loadStored([]);
    sync.local('a', square('a'));
    const first = next(sync)!;
    sync.local('a', square('a', { color: '#00AA00' }));
    sync.confirm(first.outgoing);
    expect(sync.hasPending).toBe(true);
    const second = next(sync)!;
    expect(second).toMatchObject({ add: [], modify: ['a'] });
    expect(parseXfdfCommand(second.outgoing.xfdf).modify[0]!.color).toBe('#00AA00');
  });

  it('sends a removal of a stored annotation, and nothing for one removed before it was saved', () => {
    const sync = new AnnotationSync();
    sync.loadStored([square('stored')]);
    sync.local('draft', square('draft'));
    expect(sync.local('draft', null)).toBe(false);
    expect(sync.local('stored', null)).toBe(true);
    expect(next(sync)).toMatchObject({ add: [], modify: [], delete: ['stored'] });
  });
});

describe('echoes are recognised by content, not by time', () => {
  it('does not send back a stored or remote annotation the engine reports, however re-dated or re-titled', () => {
    const sync = new AnnotationSync();
    sync.loadStored([square('stored')]);
    const echo = square('stored', {
      date: '2026-05-05T05:05:05.000Z',
      title: '',
      rect: [72.001, 600, 200, 700],
    });
    expect(sync.local('stored', echo)).toBe(false);
    sync.remote(square('theirs', { title: 'Ines Carter' }));
    expect(sync.local('theirs', square('theirs'))).toBe(false);
    expect(next(sync)).toBeNull();
  });

  it('sends an edit made at once after the load or a remote change (no 3 s window)', () => {
    const sync = new AnnotationSync();
    sync.loadStored([square('stored')]);
    expect(sync.local('stored', square('stored', { rect: [72, 500, 200, 700] }))).toBe(true);
    sync.remote(square('theirs'));
    expect(sync.local('theirs', square('theirs', { color: '#0000FF' }))).toBe(true);
    expect(next(sync)).toMatchObject({ add: [], modify: ['stored', 'theirs'] });
  });

  it("lets another viewer's change replace this viewer's unsaved change of the same annotation", () => {
    const sync = new AnnotationSync();
    sync.loadStored([square('both')]);
    sync.local('both', square('both', { color: '#0000FF' }));
    sync.remote(square('both', { color: '#00AA00' }));
    expect(sync.hasPending).toBe(false);
  });
});
