// The thread open in a whisper box, read by its id: from the store when the stream has just
// brought it (relay/environment.ts resolves conversation(id) there), else from the server.
import { Text } from "@chakra-ui/react";
import { useEffect, useEffectEvent } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { OpenThreadQuery } from "../__generated__/OpenThreadQuery.graphql";
import type { ReplyActions } from "./AgentReply";
import type { LiveAnswer } from "./useAgentAnswer";
import { WhisperThread } from "./WhisperThread";

const query = graphql`
  query OpenThreadQuery($id: ID!) {
    conversation(id: $id) {
      agent {
        id
      }
      ...WhisperThread_conversation
    }
  }
`;

type Props = {
  conversationId: string;
  agentId: string;
  agentName: string;
  live: LiveAnswer;
  actions: ReplyActions;
  embed: boolean;
  /** Told once the thread is on screen (its turns have moved the input down to where it stays). */
  onShown?: () => void;
};

export function OpenThread({ conversationId, agentId, agentName, live, actions, embed, onShown }: Props) {
  const { conversation } = useLazyLoadQuery<OpenThreadQuery>(query, { id: conversationId }, { fetchPolicy: "store-or-network" });
  // Once for each thread opened, not at every word of an answer.
  const shown = useEffectEvent(() => onShown?.());
  useEffect(() => shown(), [conversationId]);
  // A thread deleted meanwhile, private to someone else, or with another agent: nothing to continue.
  if (!conversation || conversation.agent.id !== agentId) {
    return (
      <Text role="alert" color="fg.muted" textStyle="terminalBody">
        This thread has returned to the void. Start a new conversation.
      </Text>
    );
  }
  return <WhisperThread conversation={conversation} agentName={agentName} live={live} actions={actions} embed={embed} />;
}
