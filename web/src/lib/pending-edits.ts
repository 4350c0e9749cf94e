import { useSyncExternalStore } from 'react';
import { editsOwner, onEditsOwnerChange } from './edits-owner';

/**
 * Unsaved edits of versioned records, kept outside any component so that nothing typed is lost
 * when a screen unmounts, remounts over a stale cached copy, or is refreshed under the user
 * (docs/decisions/0030). Each edited field remembers the server's value it was typed over
 * (`before`), so a newer copy of the record can be merged three ways: a field nobody else
 * touched keeps what was typed, one changed to the same value is settled, and one changed to
 * something else is a conflict that shows both values until the user chooses.
 *
 * The one pattern for every screen that edits a cached record and saves later:
 *   1. show `displayed(edits, field, serverValue)`, never the server copy alone;
 *   2. `edit()` on every change (kept in memory and in localStorage at once);
 *   3. `beginSave()` -> call the server at `baseVersion` -> `saved(newVersion)` (and write the
 *      saved values into the SWR cache) or `failed()` (what was sent is pending again);
 *   4. `reconcile()` whenever a copy of the record arrives; `choose()` settles a conflict.
 */

export type FieldValue = string | number | boolean | readonly string[] | null;

export interface FieldEdit<V extends FieldValue = FieldValue> {
  /** The server's value when the field was first edited (or last reconciled). */
  before: V;
  /** What the user typed or chose. */
  mine: V;
  /** Present when someone else saved another value meanwhile: the user chooses between the two. */
  theirs?: V;
}

export interface PendingEdits<V extends FieldValue = FieldValue> {
  /** The record version the edits were made on: a save sends it, a newer copy is reconciled. */
  baseVersion: number;
  fields: Readonly<Record<string, FieldEdit<V>>>;
  /** Fields on their way to the server: shown as typed until the save answers. */
  sending: Readonly<Record<string, FieldEdit<V>>>;
  /** Read back from localStorage (the tab was closed or reloaded with edits unsaved). */
  restored: boolean;
  /**
   * The server may not be at `baseVersion` any more: the edits were read back from storage, or
   * a save was refused as stale. The next copy read is then the server's word even when its
   * version is lower (the record was restored or reset), not a stale copy to ignore.
   */
  versionInDoubt?: boolean;
}

export interface SaveBatch<V extends FieldValue = FieldValue> {
  baseVersion: number;
  fields: Record<string, V>;
}

export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What a field shows: the pending edit, else the one being sent, else the server's value. */
export function displayed<V extends FieldValue>(
  edits: PendingEdits<V> | null,
  field: string,
  serverValue: V,
): V {
  // Not `??` on the values: an answer cleared on purpose (null) must not show the server's again.
  const edit = edits?.fields[field] ?? edits?.sending[field];
  return edit ? edit.mine : serverValue;
}

export function conflictsOf<V extends FieldValue>(edits: PendingEdits<V> | null): string[] {
  return Object.entries(edits?.fields ?? {})
    .filter(([, edit]) => 'theirs' in edit)
    .map(([field]) => field);
}

export function hasPending(edits: PendingEdits | null): boolean {
  return Boolean(edits && (Object.keys(edits.fields).length > 0 || Object.keys(edits.sending).length > 0));
}

interface Stored<V extends FieldValue> {
  baseVersion: number;
  fields: Record<string, FieldEdit<V>>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What localStorage holds is anyone's to change: only a well-formed record is read back. */
function isStored<V extends FieldValue>(value: unknown): value is Stored<V> {
  return (
    isObject(value) &&
    Number.isFinite(value.baseVersion) &&
    isObject(value.fields) &&
    Object.values(value.fields).every((edit) => isObject(edit) && 'before' in edit && 'mine' in edit)
  );
}

const everyStore = new Set<{ forgetAll(): void; forgetInMemory(): void }>();

onEditsOwnerChange(() => {
  for (const store of everyStore) store.forgetInMemory();
});

/** Forgets every store's edits in memory and storage (between component tests). */
export function forgetAllPendingEdits() {
  for (const store of everyStore) store.forgetAll();
}

/** The edits of one kind of record (the questionnaire, a finding, ...), by record id. */
export class PendingEditsStore<V extends FieldValue = FieldValue> {
  private readonly records = new Map<string, PendingEdits<V> | null>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storagePrefix: string) {
    everyStore.add(this);
  }

  forgetAll() {
    for (const id of this.records.keys()) this.persist(id, null);
    this.forgetInMemory();
  }

  /** Another owner: their edits are read from storage afresh, under their own keys. */
  forgetInMemory() {
    this.records.clear();
    this.inFlight.clear();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  get(id: string): PendingEdits<V> | null {
    if (!this.records.has(id)) this.records.set(id, this.load(id));
    return this.records.get(id) ?? null;
  }

  /** One field changed. `serverValue` is what the field showed from the server copy. */
  edit(id: string, field: string, mine: V, serverValue: V, version: number) {
    const edits = this.get(id) ?? { baseVersion: version, fields: {}, sending: {}, restored: false };
    const earlier = edits.fields[field];
    // Typing over a conflict settles it as "mine": the other value was on screen beside it.
    const sending = edits.sending[field];
    // Not `??`: a value cleared on purpose (null) is a value.
    const before = earlier
      ? 'theirs' in earlier
        ? (earlier.theirs as V)
        : earlier.before
      : sending
        ? sending.mine
        : serverValue;
    const fields = { ...edits.fields };
    if (sameValue(mine, before)) delete fields[field];
    else fields[field] = { before, mine };
    this.set(id, { ...edits, fields });
  }

  /** Takes the settled fields for a save (conflicts wait for the user's choice), or null. */
  beginSave(id: string): SaveBatch<V> | null {
    const edits = this.get(id);
    if (!edits) return null;
    const ready = Object.entries(edits.fields).filter(([, edit]) => !('theirs' in edit));
    if (ready.length === 0) return null;
    const fields = { ...edits.fields };
    for (const [field] of ready) delete fields[field];
    this.set(id, { ...edits, fields, sending: { ...edits.sending, ...Object.fromEntries(ready) } });
    return {
      baseVersion: edits.baseVersion,
      fields: Object.fromEntries(ready.map(([field, edit]) => [field, edit.mine])),
    };
  }

  /** The server took the batch and the record is now at `version`. */
  saved(id: string, version: number) {
    const edits = this.get(id);
    if (!edits) return;
    this.set(id, { ...edits, baseVersion: version, sending: {}, restored: false, versionInDoubt: false });
  }

  /**
   * The save was refused or never arrived: what was sent is pending again, under newer typing.
   * `stale`: the server refused the version sent (409), so the next copy read is its word.
   */
  failed(id: string, { stale = false }: { stale?: boolean } = {}) {
    const edits = this.get(id);
    if (!edits) return;
    const fields: Record<string, FieldEdit<V>> = { ...edits.sending };
    // Typed again while it was on its way: keep the newer value over what the server really has.
    for (const [field, edit] of Object.entries(edits.fields)) {
      const sent = edits.sending[field];
      fields[field] = { ...edit, before: sent ? sent.before : edit.before };
    }
    this.set(id, { ...edits, fields, sending: {}, versionInDoubt: edits.versionInDoubt || stale });
  }

  /**
   * A copy of the record arrived. While no save of ours is on its way, a newer one (someone else
   * saved) moves the edits onto it, field by field. An older or equal copy changes nothing (a
   * stale cached read), unless the version is in doubt (restored edits, a save refused as
   * stale): then a lower version means the record went back (restored or reset), and every
   * field it holds otherwise than typed is shown as a conflict, never saved over it blindly
   * nor refused as stale for ever.
   */
  reconcile(id: string, server: Readonly<Record<string, V>>, version: number) {
    const edits = this.get(id);
    if (!edits || Object.keys(edits.sending).length > 0) return;
    const wentBack = version < edits.baseVersion;
    if (version === edits.baseVersion || (wentBack && !edits.versionInDoubt)) return;
    const fields: Record<string, FieldEdit<V>> = {};
    for (const [field, edit] of Object.entries(edits.fields)) {
      const theirs = (server[field] ?? null) as V;
      if (sameValue(theirs, edit.mine)) continue;
      fields[field] =
        sameValue(theirs, edit.before) && !wentBack
          ? { before: theirs, mine: edit.mine }
          : { ...edit, theirs };
    }
    this.set(id, { ...edits, baseVersion: version, fields, versionInDoubt: false });
  }

  /** Drops one field's edit (what it edited is gone: a note someone else deleted). */
  forget(id: string, field: string) {
    const edits = this.get(id);
    if (!edits || !(field in edits.fields || field in edits.sending)) return;
    const { [field]: _field, ...fields } = edits.fields;
    const { [field]: _sending, ...sending } = edits.sending;
    this.set(id, { ...edits, fields, sending });
  }

  /** Settles a conflict: keep what this user typed, or take the other user's value. */
  choose(id: string, field: string, choice: 'mine' | 'theirs') {
    const edits = this.get(id);
    const edit = edits?.fields[field];
    if (!edits || !edit || !('theirs' in edit)) return;
    const fields = { ...edits.fields };
    if (choice === 'mine') fields[field] = { before: edit.theirs as V, mine: edit.mine };
    else delete fields[field];
    this.set(id, { ...edits, fields });
  }

  discard(id: string) {
    this.set(id, null);
  }

  /** Runs saves of one record one after another: each sends the version the last one made. */
  serialize<T>(id: string, save: () => Promise<T>): Promise<T> {
    const previous = this.inFlight.get(id) ?? Promise.resolve();
    const next = previous.then(save, save);
    const settled = next.catch(() => undefined);
    this.inFlight.set(id, settled);
    void settled.then(() => {
      if (this.inFlight.get(id) === settled) this.inFlight.delete(id);
    });
    return next;
  }

  private set(id: string, edits: PendingEdits<V> | null) {
    const empty = !edits || !hasPending(edits);
    this.records.set(id, empty ? null : edits);
    this.persist(id, empty ? null : edits);
    this.listeners.forEach((listener) => listener());
  }

  private key(id: string) {
    return `${this.storagePrefix}.${editsOwner()}.${id}`;
  }

  private load(id: string): PendingEdits<V> | null {
    try {
      const text = window.localStorage.getItem(this.key(id));
      if (!text) return null;
      const stored = JSON.parse(text) as Partial<Stored<V>> | null;
      return isStored<V>(stored)
        ? {
            baseVersion: stored.baseVersion,
            fields: stored.fields,
            sending: {},
            restored: true,
            versionInDoubt: true,
          }
        : null;
    } catch {
      return null;
    }
  }

  /** What is being sent is stored as pending too: a tab closed mid-save loses nothing. */
  private persist(id: string, edits: PendingEdits<V> | null) {
    try {
      if (!edits) window.localStorage.removeItem(this.key(id));
      else {
        const stored: Stored<V> = {
          baseVersion: edits.baseVersion,
          fields: { ...edits.sending, ...edits.fields },
        };
        window.localStorage.setItem(this.key(id), JSON.stringify(stored));
      }
    } catch {
      // Storage off or full: the edits still live in memory until saved.
    }
  }
}

/** The edits of one record, re-rendering on every change to them (from any component). */
export function usePendingEdits<V extends FieldValue>(
  store: PendingEditsStore<V>,
  id: string,
): PendingEdits<V> | null {
  return useSyncExternalStore(store.subscribe, () => store.get(id));
}
