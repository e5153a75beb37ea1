// Wraps a route's screen in the Relay environment. Loaded with the route's own chunk, so a
// screen that reads no graph data (the landing page, 404) never downloads Relay.
import type { ComponentType } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { getEnvironment } from "./current";

export function withRelay<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function RelayScreen(props: P) {
    return (
      <RelayEnvironmentProvider environment={getEnvironment()}>
        <Screen {...props} />
      </RelayEnvironmentProvider>
    );
  }
  RelayScreen.displayName = `withRelay(${Screen.displayName ?? Screen.name})`;
  return RelayScreen;
}
