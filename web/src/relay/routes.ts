// Route helpers for the data router: every screen under the shell gets the Relay environment
// unless it says otherwise (`handle: { relay: false }`), loaded next to its own chunk.
import type { RouteObject } from "react-router-dom";

type LazyModule = Awaited<ReturnType<Extract<RouteObject["lazy"], (...args: never[]) => unknown>>>;

/** The route with its screen (and error boundary) wrapped in the Relay environment. */
export function relayRoute(route: RouteObject): RouteObject {
  const { lazy } = route;
  if (typeof lazy !== "function" || (route.handle as { relay?: boolean } | undefined)?.relay === false) return route;
  return {
    ...route,
    lazy: async () => {
      const [screen, { withRelay }] = await Promise.all([lazy(), import("./provider")]);
      const module = screen as LazyModule & Record<string, unknown>;
      return {
        ...module,
        ...(module.Component ? { Component: withRelay(module.Component) } : {}),
        ...(module.ErrorBoundary ? { ErrorBoundary: withRelay(module.ErrorBoundary) } : {}),
      };
    },
  };
}
