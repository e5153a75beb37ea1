// The environment of the moment, for React: components re-render on the new one when a sign-in
// or sign-out replaces it (relay/current.ts).
import { useSyncExternalStore } from "react";
import type { Environment } from "relay-runtime";
import { getEnvironment, subscribeEnvironment } from "./current";

export function useCurrentEnvironment(): Environment {
  return useSyncExternalStore(subscribeEnvironment, getEnvironment, getEnvironment);
}
