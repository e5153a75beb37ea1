// A conversation's turns, oldest first: each question and the answer chosen for it. The newest
// page comes first; earlier turns of a long thread load on request (usePaginationFragment,
// backwards). Used by the whisper box and, read-only, by a conversation's own page.
import { Box, chakra } from "@chakra-ui/react";
import { useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { WhisperThread_conversation$key } from "../__generated__/WhisperThread_conversation.graphql";
import { AgentReply, type ReplyActions } from "./AgentReply";
import { VeilButton } from "./Buttons";
import { ThreadQuestion } from "./ThreadQuestion";
import type { LiveAnswer } from "./useAgentAnswer";

/** Messages per page (a question and its answer are two). */
export const THREAD_PAGE_SIZE = 20;

const fragment = graphql`
  fragment WhisperThread_conversation on Conversation
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "WhisperThreadPaginationQuery") {
    rawId
    messages(last: $count, before: $cursor) @connection(key: "WhisperThread_messages") {
      edges {
        node {
          id
          role
          ...ThreadQuestion_message
          ...AgentReply_message
        }
      }
    }
  }
`;

type Props = {
  conversation: WhisperThread_conversation$key;
  agentName: string;
  live?: LiveAnswer;
  actions?: ReplyActions;
  embed?: boolean;
};

export function WhisperThread({ conversation, agentName, live, actions, embed }: Props) {
  const { data, hasPrevious, loadPrevious, isLoadingPrevious } = usePaginationFragment(fragment, conversation);
  const [, startTransition] = useTransition();
  const thread = { id: data.id, rawId: data.rawId };
  const turns = data.messages.edges.map((edge) => edge.node);
  return (
    <Box>
      {hasPrevious && (
        <Box textAlign="center" mb={4}>
          <VeilButton size="xs" loading={isLoadingPrevious} onClick={() => startTransition(() => void loadPrevious(THREAD_PAGE_SIZE))}>
            Show earlier turns
          </VeilButton>
        </Box>
      )}
      <chakra.ol listStyle="none" display="flex" flexDirection="column" gap={5} aria-label={`Your thread with ${agentName}`}>
        {turns.map((turn) => (
          <chakra.li key={turn.id} display="flex" flexDirection="column" data-role={turn.role}>
            {turn.role === "user" ? (
              <ThreadQuestion message={turn} />
            ) : (
              <AgentReply message={turn} agentName={agentName} thread={thread} live={live} actions={actions} embed={embed} />
            )}
          </chakra.li>
        ))}
      </chakra.ol>
    </Box>
  );
}
