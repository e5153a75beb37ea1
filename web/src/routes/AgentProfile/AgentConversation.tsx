// The profile's conversation with the agent: the whisper box holding the open thread, and the
// visitor's earlier threads with this agent, any of which opens in the box. The open thread lives
// in the address (`?thread={id}`): a thread that starts pushes it (Back returns to a fresh one),
// opening another replaces it, and a reload or Back/Forward finds the same thread again. An address
// ending in TALK_HASH ("Talk to it") opens at the input, focused, on a new thread.
import { useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { useLocation, useSearchParams } from "react-router-dom";
import type { AgentConversation_agent$key } from "../../__generated__/AgentConversation_agent.graphql";
import { PanelBoundary } from "../../components/PanelBoundary";
import { focusWhisperInput, TALK_HASH, WhisperBox } from "../../components/WhisperBox";
import { rawIdOf } from "../../relay/ids";
import { AgentThreads } from "./AgentThreads";

const fragment = graphql`
  fragment AgentConversation_agent on Agent {
    ...WhisperBox_agent
  }
`;

/** The search parameter that names the profile's open thread. */
export const THREAD_PARAM = "thread";

export function AgentConversation({ agent, agentId }: { agent: AgentConversation_agent$key; agentId: string }) {
  const data = useFragment(fragment, agent);
  const [params, setParams] = useSearchParams();
  const conversationId = params.get(THREAD_PARAM);
  const talk = useLocation().hash === TALK_HASH;
  // A thread opened (from the address, or the list) brings the input into view; one just started is already there.
  const [focusOnOpen, setFocusOnOpen] = useState(() => conversationId !== null || talk);
  // "Talk to it": the input in view with the focus in it, once the box is there (after the router's scroll).
  useEffect(() => {
    if (talk) focusWhisperInput();
  }, [talk]);

  const show = (global: string | null, replace: boolean) => {
    // The address carries the thread's plain id, as /conversations/{id} does.
    const id = global && rawIdOf(global);
    if (id === conversationId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(THREAD_PARAM, id);
        else next.delete(THREAD_PARAM);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  };

  const open = (id: string) => {
    setFocusOnOpen(true);
    show(id, true);
    focusWhisperInput();
  };

  return (
    <>
      <WhisperBox
        agent={data}
        conversationId={conversationId}
        onConversationChange={(id) => {
          setFocusOnOpen(false);
          show(id, false);
        }}
        autoFocus={focusOnOpen}
      />
      <PanelBoundary failure="Your threads with this agent could not be recalled">
        <AgentThreads agentId={agentId} openId={conversationId} onOpen={open} />
      </PanelBoundary>
    </>
  );
}
