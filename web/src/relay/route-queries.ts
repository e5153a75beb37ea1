// Route loaders preload their screen's queries (relay/preload.ts), and loadQuery keeps each one
// retained in the store, its request running, until it is disposed: a screen left behind would
// pin its data for the life of the tab. So every preloaded query is held here, and each time the
// router comes to rest, the held queries that no route on screen still holds are disposed. A
// screen's components retain what they show themselves, for as long as they stay mounted.
// No Relay import: the router subscribes from the first chunk, shared by pages without graph data.
import type { DataRouter, RouterState } from "react-router-dom";

type Disposable = { dispose(): void };

const held = new Set<Disposable>();

/** Holds a loader's preloaded query until no route on screen holds it any more. */
export function holdRouteQuery<T extends Disposable>(query: T): T {
  held.add(query);
  return query;
}

/** A loader returns a preloaded query, or an object of them (a screen with independent panels). */
function shownQueries(state: RouterState): Set<unknown> {
  const shown = new Set<unknown>();
  for (const data of Object.values(state.loaderData) as unknown[]) {
    if (held.has(data as Disposable)) shown.add(data);
    else if (data && typeof data === "object") for (const value of Object.values(data)) shown.add(value);
  }
  return shown;
}

/** From now on, disposes every held query that a settled navigation leaves behind. */
export function releaseLeftRouteQueries(router: Pick<DataRouter, "subscribe">): () => void {
  return router.subscribe((state) => {
    // Loaders still running hold queries that are not in `loaderData` yet.
    if (!state.initialized || state.navigation.state !== "idle" || state.revalidation !== "idle") return;
    const shown = shownQueries(state);
    for (const query of held) {
      if (shown.has(query)) continue;
      held.delete(query);
      query.dispose();
    }
  });
}
