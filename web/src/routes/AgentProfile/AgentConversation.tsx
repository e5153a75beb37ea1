// The profile's conversation with the agent: the whisper box holding the open thread, and the
// visitor's earlier threads with this agent, any of which opens in the box. `?thread={id}` (the
// Conversations screen's "Continue") opens one as the page loads.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { AgentConversation_agent$key } from "../../__generated__/AgentConversation_agent.graphql";
import { PanelBoundary } from "../../components/PanelBoundary";
import { WhisperBox } from "../../components/WhisperBox";
import { AgentThreads } from "./AgentThreads";

const fragment = graphql`
  fragment AgentConversation_agent on Agent {
    ...WhisperBox_agent
  }
`;

export function AgentConversation({ agent, agentId }: { agent: AgentConversation_agent$key; agentId: string }) {
  const data = useFragment(fragment, agent);
  const [params] = useSearchParams();
  const [conversationId, setConversationId] = useState<string | null>(() => params.get("thread"));

  const open = (id: string) => {
    setConversationId(id);
    document.getElementById("whisper-title")?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

  return (
    <>
      <WhisperBox agent={data} conversationId={conversationId} onConversationChange={setConversationId} />
      <PanelBoundary failure="Your threads with this agent could not be recalled">
        <AgentThreads agentId={agentId} openId={conversationId} onOpen={open} />
      </PanelBoundary>
    </>
  );
}
