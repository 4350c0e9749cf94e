/**
 * Whose unsaved edits the pending-edits stores hold (docs/decisions/0030): part of every storage
 * key, so on a shared device one user's unsaved answers are never shown to, or saved as, the
 * next user who signs in. Its own tiny module: the session sets it on every page's first load,
 * which must not carry the stores.
 */
let owner = '';
const listeners = new Set<() => void>();

export function editsOwner(): string {
  return owner;
}

/** Set by the signed-in session before any screen reads its edits. */
export function setPendingEditsOwner(userId: string) {
  if (userId === owner) return;
  owner = userId;
  listeners.forEach((listener) => listener());
}

/** Called when the owner changes (the stores forget what they read for the last one). */
export function onEditsOwnerChange(listener: () => void) {
  listeners.add(listener);
}
