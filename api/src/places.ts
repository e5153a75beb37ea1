// Places an address may hold at once (open WebSockets, open event streams): one taken while a
// connection is open and given back when it closes. Shared by the edge and the GraphQL server,
// which count different connections the same way.

export type Places = {
  /** A place for `key`, or null when it holds `limit` already; the returned function gives it back (once). */
  take(key: string): (() => void) | null;
};

export function placesPerKey(limit: number): Places {
  const held = new Map<string, number>();
  return {
    take(key) {
      const count = held.get(key) ?? 0;
      if (count >= limit) return null;
      held.set(key, count + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
  };
}
