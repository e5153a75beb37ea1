// Wraps a route's screen in the Relay environment of the moment (a sign-in or sign-out
// replaces it, and the screen re-renders on the new one). Loaded with the route's own chunk, so a
// screen that reads no graph data (the landing page, 404) never downloads Relay.
import type { ComponentType } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { useCurrentEnvironment } from "./useCurrentEnvironment";

export function withRelay<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function RelayScreen(props: P) {
    return (
      <RelayEnvironmentProvider environment={useCurrentEnvironment()}>
        <Screen {...props} />
      </RelayEnvironmentProvider>
    );
  }
  RelayScreen.displayName = `withRelay(${Screen.displayName ?? Screen.name})`;
  return RelayScreen;
}
