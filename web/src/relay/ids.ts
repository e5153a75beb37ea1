// Relay's global ids are the server's `{Type}:{id}` in base64 (Pothos' encodeGlobalID); the
// addresses people see carry the plain id. These convert between the two.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The global id of a `type` with the plain id `raw`. */
export function globalIdOf(type: string, raw: string): string {
  return btoa(`${type}:${raw}`);
}

/** The plain id inside a global id (or the id itself, when it is plain already). */
export function rawIdOf(id: string): string {
  if (UUID.test(id)) return id;
  try {
    const decoded = atob(id);
    const colon = decoded.indexOf(":");
    return colon > 0 ? decoded.slice(colon + 1) : id;
  } catch {
    return id;
  }
}

/** A plain uuid: an id an address may carry. */
export function isPlainId(id: string): boolean {
  return UUID.test(id);
}
