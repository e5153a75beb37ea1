// Provides the current Relay environment, and the next one after a sign-in or sign-out.
import type { ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { useCurrentEnvironment } from "./useCurrentEnvironment";

export function CurrentEnvironmentProvider({ children }: { children: ReactNode }) {
  return <RelayEnvironmentProvider environment={useCurrentEnvironment()}>{children}</RelayEnvironmentProvider>;
}
