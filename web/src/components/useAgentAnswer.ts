// An agent's answer as the whisper box shows it: the response text, growing while the agent
// speaks (agentInvocation streams it), whether one is pending, and the whisper it was kept as.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRelayEnvironment } from "react-relay";
import type { Disposable } from "relay-runtime";
import type { GlyphType } from "../__generated__/agentInvocationSubscription.graphql";
import { errorMessage } from "../relay/errors";
import { subscribeToAgentInvocation } from "../subscriptions/agentInvocation";
import { notify } from "./Toaster";

export type { GlyphType };

export type AgentAnswer = {
  response: string;
  /** True from the ask until the last word (or a failure). */
  pending: boolean;
  /** True once the first words have arrived, while more may follow. */
  streaming: boolean;
  /** The whisper's id for /whisper/{id}, once the answer is complete. */
  whisperId: string | null;
  /** "oracle" when the built-in offline oracle answered instead of a model. */
  mode: "model" | "oracle" | null;
};

const IDLE: AgentAnswer = { response: "", pending: false, streaming: false, whisperId: null, mode: null };
const FALLBACK = "The agent remains silent in the void";

export function useAgentAnswer(agentId: string) {
  const environment = useRelayEnvironment();
  const [answer, setAnswer] = useState<AgentAnswer>(IDLE);
  const running = useRef<Disposable | null>(null);

  // Leaving the page ends the stream: the server cancels the seat's call and stores nothing.
  useEffect(() => () => running.current?.dispose(), []);

  const ask = useCallback(
    (message: string, glyphType?: GlyphType) => {
      running.current?.dispose();
      setAnswer({ ...IDLE, pending: true });
      const fail = (message: string) => {
        running.current = null;
        setAnswer(IDLE);
        notify("error", "Communion Failed", message);
      };
      running.current = subscribeToAgentInvocation(
        environment,
        { agentId, message, glyphType: glyphType ?? null },
        {
          onEvent: (event) => {
            const mode = event.mode === "model" ? "model" : "oracle";
            if (!event.done) {
              setAnswer((current) => ({ ...current, response: current.response + event.delta, streaming: true, mode }));
            } else if (event.error || !event.whisper) {
              fail(event.error || FALLBACK);
            } else {
              running.current = null;
              setAnswer({ response: event.response ?? "", pending: false, streaming: false, whisperId: event.whisper.rawId, mode });
            }
          },
          onError: (error) => fail(errorMessage(error, FALLBACK)),
        },
      );
    },
    [agentId, environment],
  );

  return { ...answer, ask };
}
