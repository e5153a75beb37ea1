// The curator's session token, kept apart from a user's (relay/token.ts): a curator may be signed
// in to the console and, as someone else or no one, to the rest of the app in the same browser.
export const CURATOR_TOKEN_KEY = "nomina.curator";

const listeners = new Set<() => void>();

export function readCuratorToken(): string | null {
  try {
    return window.localStorage.getItem(CURATOR_TOKEN_KEY);
  } catch {
    return null;
  }
}

function changed() {
  for (const listener of listeners) listener();
}

export function writeCuratorToken(token: string) {
  try {
    window.localStorage.setItem(CURATOR_TOKEN_KEY, token);
  } catch {
    // Storage refused: the session lasts as long as the page.
  }
  changed();
}

export function clearCuratorToken() {
  const had = readCuratorToken() !== null;
  try {
    window.localStorage.removeItem(CURATOR_TOKEN_KEY);
  } catch {
    // Nothing stored to remove.
  }
  if (had) changed();
}

/** Calls `listener` when the curator's token changes, here or in another tab. */
export function subscribeCuratorToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURATOR_TOKEN_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
