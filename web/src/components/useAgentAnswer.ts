// An agent's answer as the whisper box shows it: the response text (which may grow while it
// arrives), whether one is pending, and the whisper it was kept as. Today the answer arrives
// whole from invokeAgent; a streamed answer only has to feed `response` as it grows.
import { useCallback, useState } from "react";
import type { GlyphType } from "../__generated__/useInvokeAgentMutation.graphql";
import { useInvokeAgentMutation } from "../mutations/useInvokeAgentMutation";
import { errorMessage } from "../relay/errors";
import { notify } from "./Toaster";

export type { GlyphType };

export type AgentAnswer = {
  response: string;
  pending: boolean;
  /** The whisper's id for /whisper/{id}, once the answer is complete. */
  whisperId: string | null;
  /** "oracle" when the built-in offline oracle answered instead of a model. */
  mode: "model" | "oracle" | null;
};

const IDLE: AgentAnswer = { response: "", pending: false, whisperId: null, mode: null };

export function useAgentAnswer(agentId: string) {
  const [invoke] = useInvokeAgentMutation();
  const [answer, setAnswer] = useState<AgentAnswer>(IDLE);

  const ask = useCallback(
    (message: string, glyphType?: GlyphType) => {
      setAnswer({ ...IDLE, pending: true });
      invoke(
        { agentId, message, glyphType: glyphType ?? null },
        {
          onCompleted: (result) =>
            setAnswer({ response: result.response, pending: false, whisperId: result.whisper.rawId, mode: result.mode === "model" ? "model" : "oracle" }),
          onError: (error) => {
            setAnswer(IDLE);
            notify("error", "Communion Failed", errorMessage(error, "The agent remains silent in the void"));
          },
        },
      );
    },
    [agentId, invoke],
  );

  return { ...answer, ask };
}
