// The app's one Relay environment, reachable from route loaders (which run outside React).
import type { Environment } from "relay-runtime";
import { createEnvironment } from "./environment";

let current: Environment | undefined;

export function getEnvironment(): Environment {
  current ??= createEnvironment();
  return current;
}
