// The state of the app's live connection (the one graphql-ws socket), for screens that show
// whether the signal is up. Fed by the socket client's events; read with useSyncExternalStore.
import { useSyncExternalStore } from "react";

/** idle: no socket yet (the client is lazy); connecting: opening or retrying; live: acknowledged; lost: closed. */
export type SignalState = "idle" | "connecting" | "live" | "lost";

export type Signal = {
  get: () => SignalState;
  set(state: SignalState): void;
  subscribe: (listener: () => void) => () => void;
};

export function createSignal(initial: SignalState = "idle"): Signal {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's signal: the socket created by createSocketClient() reports here. */
export const appSignal = createSignal();

export function useSignal(signal: Signal = appSignal): SignalState {
  return useSyncExternalStore(signal.subscribe, signal.get, signal.get);
}
