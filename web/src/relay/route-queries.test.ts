// Preloaded route queries are disposed when their route is left: a memory router with the app's
// loader pattern, a real Relay environment, and the operations the store retains counted.
import { loadQuery } from "react-relay";
import { createMemoryRouter, type LoaderFunctionArgs } from "react-router-dom";
import { Environment, Network, Observable, RecordSource, Store, type OperationDescriptor } from "relay-runtime";
import { afterEach, describe, expect, it } from "vitest";
import settingsQuery from "../__generated__/SettingsRouteQuery.graphql";
import whisperQuery from "../__generated__/WhisperRouteQuery.graphql";
import { holdRouteQuery, releaseLeftRouteQueries } from "./route-queries";

type Loaded = { isDisposed: boolean; dispose(): void };

/** An environment whose requests never answer (so they stay in flight) and whose retains are counted. */
function countedEnvironment() {
  const inFlight = new Set<string>();
  const network = Network.create((params, variables) =>
    Observable.create(() => {
      const key = `${params.name}${JSON.stringify(variables)}`;
      inFlight.add(key);
      return () => inFlight.delete(key);
    }),
  );
  const environment = new Environment({ network, store: new Store(new RecordSource()) });
  const retained = new Map<string, number>();
  const retain = environment.retain.bind(environment);
  environment.retain = (operation: OperationDescriptor) => {
    const key = `${operation.request.node.params.name}${JSON.stringify(operation.request.variables)}`;
    retained.set(key, (retained.get(key) ?? 0) + 1);
    const retention = retain(operation);
    return { dispose: () => (retained.set(key, retained.get(key)! - 1), retention.dispose()) };
  };
  const live = () =>
    [...retained]
      .filter(([, count]) => count > 0)
      .map(([key]) => key)
      .sort();
  return { environment, live, inFlight };
}

function appRouter(environment: Environment, gate?: Promise<void>) {
  const preload = (query: typeof settingsQuery, variables: Record<string, string>) =>
    holdRouteQuery(loadQuery(environment, query, variables, { fetchPolicy: "store-or-network" }));
  const router = createMemoryRouter(
    [
      { path: "/settings", loader: () => preload(settingsQuery, {}) },
      { path: "/whisper/:id", loader: ({ params }: LoaderFunctionArgs) => preload(whisperQuery, { id: params.id! }) },
      // A screen with independent panels returns an object of queries.
      { path: "/council", loader: () => ({ a: preload(whisperQuery, { id: "a" }), b: preload(whisperQuery, { id: "b" }) }) },
      // A loader that waits before it returns (the session, in /settings), its query already started.
      {
        path: "/slow",
        loader: async () => {
          const query = preload(whisperQuery, { id: "slow" });
          await gate;
          return query;
        },
      },
      { path: "/manifesto", loader: () => null },
    ],
    { initialEntries: ["/settings"] },
  );
  const stop = releaseLeftRouteQueries(router);
  return { router, stop };
}

const routers: { stop(): void }[] = [];
afterEach(() => routers.splice(0).forEach((router) => router.stop()));

async function started(environment: Environment, gate?: Promise<void>) {
  const app = appRouter(environment, gate);
  routers.push(app);
  await new Promise<void>((resolve) => (app.router.state.initialized ? resolve() : app.router.subscribe((state) => state.initialized && resolve())));
  return app.router;
}

const shown = (router: Awaited<ReturnType<typeof started>>) => Object.values(router.state.loaderData)[0] as Loaded;

describe("preloaded route queries", () => {
  it("stay retained while their route is shown", async () => {
    const { environment, live, inFlight } = countedEnvironment();
    const router = await started(environment);
    expect(live()).toEqual(["SettingsRouteQuery{}"]);
    expect(inFlight).toEqual(new Set(["SettingsRouteQuery{}"]));
    expect(shown(router).isDisposed).toBe(false);
  });

  it("are disposed when the route is left: released from the store, their request cancelled", async () => {
    const { environment, live, inFlight } = countedEnvironment();
    const router = await started(environment);
    const settings = shown(router);
    await router.navigate("/manifesto");
    expect(settings.isDisposed).toBe(true);
    expect(live()).toEqual([]);
    expect(inFlight.size).toBe(0);
  });

  it("are disposed when the same route shows other data (another whisper)", async () => {
    const { environment, live } = countedEnvironment();
    const router = await started(environment);
    await router.navigate("/whisper/1");
    const first = shown(router);
    await router.navigate("/whisper/2");
    expect(first.isDisposed).toBe(true);
    expect(shown(router).isDisposed).toBe(false);
    expect(live()).toEqual(['WhisperRouteQuery{"id":"2"}']);
  });

  it("are disposed together when a screen with several panels is left", async () => {
    const { environment, live } = countedEnvironment();
    const router = await started(environment);
    await router.navigate("/council");
    expect(live()).toEqual(['WhisperRouteQuery{"id":"a"}', 'WhisperRouteQuery{"id":"b"}']);
    await router.navigate("/settings");
    expect(live()).toEqual(["SettingsRouteQuery{}"]);
  });

  it("started by a navigation that another one overtook are disposed once the router rests", async () => {
    const { environment, live } = countedEnvironment();
    let open = () => {};
    const router = await started(environment, new Promise<void>((resolve) => (open = resolve)));
    const slow = router.navigate("/slow");
    await new Promise((resolve) => setTimeout(resolve, 0));
    // While /slow's loader waits, its query is held: nothing is disposed mid-navigation.
    expect(live()).toEqual(["SettingsRouteQuery{}", 'WhisperRouteQuery{"id":"slow"}']);
    await router.navigate("/manifesto");
    open();
    await slow;
    expect(live()).toEqual([]);
  });
});
