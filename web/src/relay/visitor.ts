// The visitor key: made at random by this browser the first time it is needed, kept in local
// storage, and sent with every connection, so that what a visitor makes before signing in (a
// thread, a council session, an agent) is theirs, and becomes their account's when they do.
export const VISITOR_KEY = "nomina.visitor";

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

let memory: string | undefined;

export function visitorKey(): string {
  try {
    const stored = window.localStorage.getItem(VISITOR_KEY);
    if (stored) return stored;
    const made = randomKey();
    window.localStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    // Storage refused (private mode): the key lasts as long as the page.
    memory ??= randomKey();
    return memory;
  }
}
