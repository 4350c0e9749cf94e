import { MAP_LIMITS, pointsInSave } from '@stormline/domain/map-features';
import { readDraft, removeDraft, writeDraft } from '../../../lib/device-drafts';
import type { DraftFeature, PendingEdit, PendingEdits } from './pending-edits';

/**
 * The map editor's pending edits kept on this device (docs/decisions/0041, ADR 0030's promise for
 * drawn edits): written as the queue changes, per user (device-drafts), map and inspection, with the
 * map's last save they were made over. Offered back on opening the same map and inspection, never
 * applied by themselves; each change or removal carries the feature version it was read at, so a
 * restore over a map changed meanwhile is refused as stale on Save (409) and goes through Keep mine /
 * Use theirs.
 */

const KIND = 'map-edits';

export interface StoredMapEdits {
  /** When the queue was last written (the offer's "from <time>"). */
  storedAt: string;
  /** The map's last save when the edits began (null: never saved). */
  baseSavedAt: string | null;
  edits: PendingEdit[];
}

/** One draft per map and inspection ('baseline' before the first). */
export const storedEditsId = (mapId: string, inspectionRef: string) => `${mapId}.${inspectionRef}`;

/**
 * At most what one save may send (MAP_LIMITS): a queue past it cannot be saved as it is, and its
 * stored copy goes rather than a part of it. Each edit stores the feature and what it replaced
 * (two geometries); 3 million characters stay inside every browser's localStorage.
 */
export const STORED_EDITS_MAX_CHARS = 3_000_000;

function fitsOneSave(edits: readonly PendingEdit[]): boolean {
  if (edits.length > MAP_LIMITS.itemsPerSave) return false;
  const geometries = edits.map((edit) => (edit.kind === 'remove' ? edit.original : edit.feature));
  return pointsInSave(geometries) <= MAP_LIMITS.pointsPerSave;
}

/** Writes the queue (an empty one removes the stored copy); false when it is not kept. */
export function storeMapEdits(
  mapId: string,
  inspectionRef: string,
  queue: PendingEdits,
  baseSavedAt: string | null,
  now = new Date(),
): boolean {
  const id = storedEditsId(mapId, inspectionRef);
  if (queue.edits.length === 0 || !fitsOneSave(queue.edits)) {
    removeDraft(KIND, id);
    return false;
  }
  const stored: StoredMapEdits = { storedAt: now.toISOString(), baseSavedAt, edits: [...queue.edits] };
  return writeDraft(KIND, id, stored, STORED_EDITS_MAX_CHARS);
}

export function forgetMapEdits(mapId: string, inspectionRef: string): void {
  removeDraft(KIND, storedEditsId(mapId, inspectionRef));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isDraftFeature(value: unknown, key: string): value is DraftFeature {
  return (
    isObject(value) &&
    value.key === key &&
    typeof value.positionable_id === 'string' &&
    typeof value.positionable_type === 'string' &&
    Number.isFinite(value.position_x) &&
    Number.isFinite(value.position_y) &&
    isObject(value.geometry) &&
    typeof value.geometry.type === 'string' &&
    isObject(value.source) &&
    typeof value.source.name === 'string'
  );
}

const isSaved = (feature: DraftFeature) =>
  typeof feature.positionables_id === 'string' && Number.isInteger(feature.version);

/** What localStorage holds is anyone's to change: only well-formed edits are read back. */
function isEdit(value: unknown): value is PendingEdit {
  if (!isObject(value) || typeof value.key !== 'string') return false;
  if (value.kind === 'add') return isDraftFeature(value.feature, value.key);
  if (value.kind === 'change')
    return (
      isDraftFeature(value.original, value.key) &&
      isSaved(value.original) &&
      isDraftFeature(value.feature, value.key)
    );
  if (value.kind === 'remove') return isDraftFeature(value.original, value.key) && isSaved(value.original);
  return false;
}

/** The stored edits of the signed-in user for this map and inspection, or null. */
export function readMapEdits(mapId: string, inspectionRef: string): StoredMapEdits | null {
  const stored = readDraft(KIND, storedEditsId(mapId, inspectionRef));
  if (
    !isObject(stored) ||
    typeof stored.storedAt !== 'string' ||
    Number.isNaN(Date.parse(stored.storedAt)) ||
    !(stored.baseSavedAt === null || typeof stored.baseSavedAt === 'string') ||
    !Array.isArray(stored.edits) ||
    stored.edits.length === 0 ||
    !stored.edits.every(isEdit)
  )
    return null;
  return { storedAt: stored.storedAt, baseSavedAt: stored.baseSavedAt, edits: stored.edits };
}

/** A restored queue: the edits pending again, nothing to undo before them. */
export function restoredQueue(stored: StoredMapEdits): PendingEdits {
  return { edits: stored.edits, history: [] };
}
