// A session token kept in local storage under `key`, and told to whoever listens when it changes,
// here or in another tab of the app (the storage event): signing out in one tab signs out the
// others. The user's token (./token.ts) and the curator's (../curator/token.ts) are two of these.

export type TokenStore = {
  read: () => string | null;
  /** Keeps the token of a new session. */
  write: (token: string) => void;
  /** Forgets the token: signed out, or the server said the session has ended. */
  clear: () => void;
  /** Calls `listener` whenever the token changes; returns how to stop. */
  subscribe: (listener: () => void) => () => void;
};

export function tokenStore(key: string): TokenStore {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const read = () => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  return {
    read,
    write: (token) => {
      try {
        window.localStorage.setItem(key, token);
      } catch {
        // Storage refused (private mode, quota): the session lasts as long as the page.
      }
      changed();
    },
    clear: () => {
      const had = read() !== null;
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored to remove.
      }
      if (had) changed();
    },
    subscribe: (listener) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      listeners.add(listener);
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
