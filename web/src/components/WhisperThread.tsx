// A conversation's turns, oldest first: each question and the answer chosen for it. The newest
// page comes first; earlier turns of a long thread load on request (usePaginationFragment,
// backwards). Used by the whisper box and, read-only, by a conversation's own page.
import { Box, chakra } from "@chakra-ui/react";
import { useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { WhisperThread_conversation$key } from "../__generated__/WhisperThread_conversation.graphql";
import { AgentReply, type ReplyActions } from "./AgentReply";
import { VeilButton } from "./Buttons";
import { SiblingNavigationContext, type SiblingNavigation } from "./SiblingArrows";
import { ThreadQuestion } from "./ThreadQuestion";
import { notify } from "./Toaster";
import { useSelectReplyMutation } from "../mutations/useSelectReplyMutation";
import { errorMessage } from "../relay/errors";
import type { LiveAnswer } from "./useAgentAnswer";

/** A turn's element id: a search result opens its thread at it (`?message={id}`). */
export const messageAnchor = (rawId: string) => `message-${rawId}`;

/** Messages per page (a question and its answer are two). */
export const THREAD_PAGE_SIZE = 20;

const fragment = graphql`
  fragment WhisperThread_conversation on Conversation
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, through: { type: "ID" })
  @refetchable(queryName: "WhisperThreadPaginationQuery") {
    rawId
    visibility
    sharedUntil
    isMine
    messages(last: $count, before: $cursor, through: $through) @connection(key: "WhisperThread_messages") {
      edges {
        node {
          id
          rawId
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
  const { data, hasPrevious, loadPrevious, isLoadingPrevious, refetch } = usePaginationFragment(fragment, conversation);
  const [walking, startTransition] = useTransition();
  const [select, selecting] = useSelectReplyMutation();
  // The owner's arrows choose (kept); a reader's walk the branch through the sibling (refetched).
  const navigation: SiblingNavigation = {
    going: selecting || walking,
    go: (messageId) =>
      actions && data.isMine
        ? select(messageId, {
            onCompleted: () => undefined,
            onError: (error) => notify("error", "Could not show that branch", errorMessage(error, "Try again")),
          })
        : startTransition(() => void refetch({ through: messageId }, { fetchPolicy: "network-only" })),
  };
  const thread = { id: data.id, rawId: data.rawId, visibility: data.visibility, sharedUntil: data.sharedUntil };
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
      <SiblingNavigationContext.Provider value={navigation}>
        <chakra.ol listStyle="none" display="flex" flexDirection="column" gap={5} aria-label={`Your thread with ${agentName}`}>
          {turns.map((turn, index) => (
            <chakra.li
              key={turn.id}
              id={messageAnchor(turn.rawId)}
              display="flex"
              flexDirection="column"
              data-role={turn.role}
              scrollMarginTop="6rem"
              borderRadius="md"
              css={{ "&[data-found]": { outline: "2px solid", outlineColor: "accent", outlineOffset: "6px" } }}
            >
              {turn.role === "user" ? (
                <ThreadQuestion message={turn} live={live} actions={actions} />
              ) : (
                <AgentReply
                  message={turn}
                  agentName={agentName}
                  thread={thread}
                  live={live}
                  actions={actions}
                  embed={embed}
                  last={index === turns.length - 1}
                />
              )}
            </chakra.li>
          ))}
        </chakra.ol>
      </SiblingNavigationContext.Provider>
    </Box>
  );
}
