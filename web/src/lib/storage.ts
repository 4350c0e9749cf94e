/**
 * The browser-held session: the login token, the public account's token and the working
 * division, under the local-storage keys the spec names ('token', 'publicToken', 'divisionId').
 * Components subscribe so a sign-out in one place (or another tab) re-renders every guard.
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

function write(key: Key, value: string | null): void {
  memory.set(key, value);
  try {
    if (value === null) window.localStorage.removeItem(KEYS[key]);
    else window.localStorage.setItem(KEYS[key], value);
  } catch {
    // kept in memory above
  }
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(KEYS) as string[]).includes(event.key)) {
      listeners.forEach((listener) => listener());
    }
  });
}

export const storage = {
  getToken: () => read('token'),
  setToken: (token: string) => write('token', token),
  clearToken: () => write('token', null),
  getPublicToken: () => read('publicToken'),
  setPublicToken: (token: string) => write('publicToken', token),
  clearPublicToken: () => write('publicToken', null),
  getDivisionId: () => read('divisionId'),
  setDivisionId: (divisionId: string) => write('divisionId', divisionId),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
