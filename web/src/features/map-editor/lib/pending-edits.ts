import type { ApiBody, ApiResponse } from '../../../lib/api-client';
import type { mapRoutes } from '@stormline/contract/areas/map';

/**
 * Spec 002 §4 "Modify queues each changed feature as a pending update. Revert restores the
 * original geometry. Pending edits are saved or discarded." The editor's queue of map edits, pure:
 * every operation answers a new queue, so Undo is the previous one and React state holds it as is.
 * Save sends `toSave()` in one PUT .../update (docs/decisions/0041).
 */

export type Feature = ApiResponse<typeof mapRoutes.listPositionables>['pageData'][number];
export type FeatureGeometry = Feature['geometry'];
export type FeatureWrite = ApiBody<typeof mapRoutes.updatePositionables>['items'][number];

/** What the editor draws and lists for one feature: a saved one, or one not saved yet. */
export interface DraftFeature {
  /** positionables_id of a saved feature, the editor's own id (clientId) of a new one. */
  key: string;
  positionables_id: string | null;
  positionable_id: string;
  positionable_type: Feature['positionable_type'];
  position_x: number;
  position_y: number;
  geometry: Feature['geometry'];
  positionable_config: Feature['positionable_config'];
  source: Feature['source'];
  /** The version it was read at (null for a new one). */
  version: number | null;
}

export type PendingEdit =
  | { kind: 'add'; key: string; feature: DraftFeature }
  | { kind: 'change'; key: string; original: DraftFeature; feature: DraftFeature }
  | { kind: 'remove'; key: string; original: DraftFeature };

export interface PendingEdits {
  /** One entry per feature, in the order first edited. */
  edits: readonly PendingEdit[];
  /** The queues before each operation, newest last (Undo). */
  history: readonly (readonly PendingEdit[])[];
}

export const EMPTY_EDITS: PendingEdits = { edits: [], history: [] };

export function draftOf(feature: Feature): DraftFeature {
  return {
    key: feature.positionables_id,
    positionables_id: feature.positionables_id,
    positionable_id: feature.positionable_id,
    positionable_type: feature.positionable_type,
    position_x: feature.position_x,
    position_y: feature.position_y,
    geometry: feature.geometry,
    positionable_config: feature.positionable_config,
    source: feature.source,
    version: feature.version,
  };
}

function commit(queue: PendingEdits, edits: readonly PendingEdit[]): PendingEdits {
  return { edits, history: [...queue.history, queue.edits] };
}

function replace(edits: readonly PendingEdit[], key: string, next: PendingEdit | null): PendingEdit[] {
  const index = edits.findIndex((edit) => edit.key === key);
  if (index < 0) return next ? [...edits, next] : [...edits];
  const copy = [...edits];
  if (next) copy[index] = next;
  else copy.splice(index, 1);
  return copy;
}

/** A feature placed on the map (drawn, or a finding or note pinned). */
export function addFeature(queue: PendingEdits, feature: DraftFeature): PendingEdits {
  return commit(queue, replace(queue.edits, feature.key, { kind: 'add', key: feature.key, feature }));
}

/**
 * A feature moved or reshaped: `original` is what the map showed before (a saved feature as read,
 * or a new one as queued). A new feature stays an add; a saved one keeps its first original.
 */
export function changeFeature(
  queue: PendingEdits,
  original: DraftFeature,
  feature: DraftFeature,
): PendingEdits {
  const existing = queue.edits.find((edit) => edit.key === original.key);
  let next: PendingEdit;
  if (existing?.kind === 'add')
    next = { kind: 'add', key: existing.key, feature: { ...feature, key: existing.key } };
  else if (existing?.kind === 'change') next = { ...existing, feature };
  else next = { kind: 'change', key: original.key, original, feature };
  return commit(queue, replace(queue.edits, original.key, next));
}

/** Remove from Map: a new feature is forgotten; a saved one is queued for removal. */
export function removeFeature(queue: PendingEdits, feature: DraftFeature): PendingEdits {
  const existing = queue.edits.find((edit) => edit.key === feature.key);
  if (existing?.kind === 'add') return commit(queue, replace(queue.edits, feature.key, null));
  const original = existing?.kind === 'change' ? existing.original : feature;
  return commit(queue, replace(queue.edits, feature.key, { kind: 'remove', key: feature.key, original }));
}

/** Revert one feature: its pending edit is dropped, so the map shows its original geometry again. */
export function revertFeature(queue: PendingEdits, key: string): PendingEdits {
  if (!queue.edits.some((edit) => edit.key === key)) return queue;
  return commit(queue, replace(queue.edits, key, null));
}

/** Undo the last operation (add, change, remove, revert). */
export function undo(queue: PendingEdits): PendingEdits {
  if (queue.history.length === 0) return queue;
  return { edits: queue.history[queue.history.length - 1]!, history: queue.history.slice(0, -1) };
}

export function pendingCount(queue: PendingEdits): number {
  return queue.edits.length;
}

/** What the map shows: the features read, with the pending edits over them. */
export function displayedFeatures(read: readonly DraftFeature[], queue: PendingEdits): DraftFeature[] {
  const byKey = new Map(queue.edits.map((edit) => [edit.key, edit]));
  const shown: DraftFeature[] = [];
  for (const feature of read) {
    const edit = byKey.get(feature.key);
    if (!edit) shown.push(feature);
    else if (edit.kind === 'change') shown.push(edit.feature);
    // removed: not shown; 'add' with a read key does not happen (keys of new features are the editor's).
  }
  for (const edit of queue.edits) if (edit.kind === 'add') shown.push(edit.feature);
  return shown;
}

function write(
  feature: DraftFeature,
): Omit<FeatureWrite, 'positionables_id' | 'clientId' | 'version' | 'remove'> {
  return {
    positionable_id: feature.positionable_id,
    positionable_type: feature.positionable_type,
    position_x: feature.position_x,
    position_y: feature.position_y,
    geometry: feature.geometry,
    positionable_config: feature.positionable_config,
  };
}

/** The items of the one PUT .../update: new ones with their clientId, others with the version read. */
export function toSave(queue: PendingEdits): FeatureWrite[] {
  return queue.edits.map((edit): FeatureWrite => {
    if (edit.kind === 'add') return { clientId: edit.key, ...write(edit.feature) };
    if (edit.kind === 'change')
      return {
        positionables_id: edit.original.positionables_id!,
        version: edit.original.version!,
        ...write(edit.feature),
      };
    return {
      positionables_id: edit.original.positionables_id!,
      version: edit.original.version!,
      ...write(edit.original),
      remove: true,
    };
  });
}

/**
 * After a 409 the map is read again: the pending edits whose feature someone else changed or
 * removed since (its version moved, or it is gone), each with what the map holds now (null: gone).
 */
export function staleEdits(
  queue: PendingEdits,
  fresh: readonly DraftFeature[],
): { edit: PendingEdit; theirs: DraftFeature | null }[] {
  const byKey = new Map(fresh.map((feature) => [feature.key, feature]));
  return queue.edits.flatMap((edit) => {
    if (edit.kind === 'add') return [];
    const theirs = byKey.get(edit.key) ?? null;
    return theirs && theirs.version === edit.original.version ? [] : [{ edit, theirs }];
  });
}

/**
 * "Keep mine" after a 409: the stale edits are made over what the map holds now (their versions),
 * so the next Save replaces the other user's change knowingly. A change to a feature someone
 * removed becomes a new feature; a removal of one already gone is dropped.
 */
export function keepMine(queue: PendingEdits, fresh: readonly DraftFeature[]): PendingEdits {
  const byKey = new Map(fresh.map((feature) => [feature.key, feature]));
  const edits = queue.edits.flatMap((edit): PendingEdit[] => {
    if (edit.kind === 'add') return [edit];
    const theirs = byKey.get(edit.key);
    if (theirs) return [{ ...edit, original: theirs }];
    if (edit.kind === 'remove') return [];
    const key = `re-${edit.key}`;
    return [{ kind: 'add', key, feature: { ...edit.feature, key, positionables_id: null, version: null } }];
  });
  return commit(queue, edits);
}

/** "Use theirs" after a 409: the stale edits are dropped; the rest stay pending. */
export function takeTheirs(queue: PendingEdits, fresh: readonly DraftFeature[]): PendingEdits {
  const stale = new Set(staleEdits(queue, fresh).map(({ edit }) => edit.key));
  return commit(
    queue,
    queue.edits.filter((edit) => !stale.has(edit.key)),
  );
}
