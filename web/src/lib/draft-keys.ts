/**
 * Where the drafts a screen keeps on this device live (device-drafts.ts), and their removal at
 * sign-out: apart from the reading and writing, so the first load (auth.tsx) carries only this.
 */
const PREFIX = 'drafts';

export const draftsPrefixOf = (owner: string) => `${PREFIX}.${owner}.`;

/** Signing out: every draft the user kept on this device goes. */
export function forgetDraftsOf(owner: string): void {
  if (owner) forgetKeysFrom(draftsPrefixOf(owner));
}

/** Every user's drafts go (between component tests). */
export function forgetEveryDraft(): void {
  forgetKeysFrom(`${PREFIX}.`);
}

function forgetKeysFrom(prefix: string): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage off: nothing was kept.
  }
}
