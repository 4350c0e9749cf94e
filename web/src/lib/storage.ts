/**
 * The browser-held session: the login token, the public account's token and the last division
 * used, under the local-storage keys the spec names ('token', 'publicToken', 'divisionId').
 * Components subscribe to the tokens, so a sign-out in one place (or another tab) re-renders every
 * guard. The division is different: the URL says which division a page shows, so each tab has its
 * own; the stored one only picks the division of a landing page (/, /projects, after sign-in).
 * Nothing subscribes to it, so two tabs on two divisions never make each other re-render.
 */
const KEYS = { token: 'token', publicToken: 'publicToken', divisionId: 'divisionId' } as const;
type Key = keyof typeof KEYS;

const listeners = new Set<() => void>();
// Storage can be unavailable (private mode, quota); the session then lasts for the page only.
const memory = new Map<Key, string | null>();

function read(key: Key): string | null {
  try {
    return window.localStorage.getItem(KEYS[key]);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: Key, value: string | null, { notify = true } = {}): void {
  memory.set(key, value);
  try {
    if (value === null) window.localStorage.removeItem(KEYS[key]);
    else window.localStorage.setItem(KEYS[key], value);
  } catch {
    // kept in memory above
  }
  if (notify) listeners.forEach((listener) => listener());
}

// This tab's last division: another tab storing its own does not change where this one lands.
// Only this tab's own components listen (the switcher, the navigation on pages outside a division).
let tabDivisionId: string | null = null;
const divisionListeners = new Set<() => void>();
// Another tab signed out or in as someone else: what this tab cached belongs to the last session.
const sessionElsewhereListeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === KEYS.token || event.key === KEYS.publicToken) {
      listeners.forEach((listener) => listener());
    }
    if (event.key === null || event.key === KEYS.token)
      sessionElsewhereListeners.forEach((listener) => listener());
  });
}

export const storage = {
  getToken: () => read('token'),
  setToken: (token: string) => write('token', token),
  clearToken: () => write('token', null),
  getPublicToken: () => read('publicToken'),
  setPublicToken: (token: string) => write('publicToken', token),
  clearPublicToken: () => write('publicToken', null),
  /** The last division this tab used, else the last any tab used (for landing pages only). */
  // Read once per session and then held, so another tab's choice never changes this tab's.
  getDivisionId: () => (tabDivisionId ??= read('divisionId')),
  setDivisionId: (divisionId: string) => {
    if (divisionId === tabDivisionId && divisionId === read('divisionId')) return;
    tabDivisionId = divisionId;
    write('divisionId', divisionId, { notify: false });
    divisionListeners.forEach((listener) => listener());
  },
  /** A session ended: the next one in this tab starts from the stored division, not this one's. */
  forgetTabDivision: () => {
    tabDivisionId = null;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** This tab's division changed (never another tab's). */
  subscribeDivision(listener: () => void): () => void {
    divisionListeners.add(listener);
    return () => divisionListeners.delete(listener);
  },
  /** Another tab changed the login token: signed out, or signed in as someone. */
  onSessionChangedElsewhere(listener: () => void): () => void {
    sessionElsewhereListeners.add(listener);
    return () => sessionElsewhereListeners.delete(listener);
  },
};
