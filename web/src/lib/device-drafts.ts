import { draftsPrefixOf } from './draft-keys';
import { editsOwner } from './edits-owner';

/**
 * Drafts a screen keeps on this device between page loads (docs/decisions/0041, the map editor's
 * pending edits): one localStorage item per draft, under `drafts.<user>.<kind>.<id>`, so one
 * user's drafts are never offered to the next user of the device, and signing out removes all of
 * the user's at once (`forgetDraftsOf`, draft-keys.ts) whichever screens stored them, loaded or not.
 */
const keyOf = (owner: string, kind: string, id: string) => `${draftsPrefixOf(owner)}${kind}.${id}`;

/** The parsed draft of the signed-in user, or null (none, no user, storage off, not JSON). */
export function readDraft(kind: string, id: string): unknown {
  const owner = editsOwner();
  if (!owner) return null;
  try {
    const text = window.localStorage.getItem(keyOf(owner, kind, id));
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Stores a draft of the signed-in user; false when it is not kept (no user, longer than
 * `maxChars`, storage off or full), and then no older copy of it is left behind either.
 */
export function writeDraft(kind: string, id: string, value: unknown, maxChars: number): boolean {
  const owner = editsOwner();
  if (!owner) return false;
  const key = keyOf(owner, kind, id);
  try {
    const text = JSON.stringify(value);
    if (text.length > maxChars) {
      window.localStorage.removeItem(key);
      return false;
    }
    window.localStorage.setItem(key, text);
    return true;
  } catch {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage off: nothing was kept.
    }
    return false;
  }
}

export function removeDraft(kind: string, id: string): void {
  const owner = editsOwner();
  if (!owner) return;
  try {
    window.localStorage.removeItem(keyOf(owner, kind, id));
  } catch {
    // Storage off: nothing was kept.
  }
}
