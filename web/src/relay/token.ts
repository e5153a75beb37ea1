// The session token lives in local storage under a key named after the product (spec 9).
export const TOKEN_KEY = "nomina.token";

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Keeps the token of a new session; the socket reads it when it next connects. */
export function writeToken(token: string) {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage refused (private mode, quota): the session lasts as long as the page.
  }
  changed();
}

/** Forgets the token: signed out, or the server said the session has ended. */
export function clearToken() {
  const had = readToken() !== null;
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored to remove.
  }
  if (had) changed();
}

/**
 * Calls `listener` whenever the token changes: here, or in another tab of the app (the storage
 * event), so signing out in one tab signs out the others.
 */
export function subscribeToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
