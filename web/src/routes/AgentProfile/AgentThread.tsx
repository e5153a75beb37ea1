// One thread in "your threads with this agent": its title, its length and last activity, and
// the way to open it in the whisper box.
import { Flex, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { AgentThread_conversation$key } from "../../__generated__/AgentThread_conversation.graphql";
import { VeilButton } from "../../components/Buttons";
import { timeAgo } from "../../components/format";

const fragment = graphql`
  fragment AgentThread_conversation on Conversation {
    id
    title
    messageCount
    updatedAt
  }
`;

type Props = { conversation: AgentThread_conversation$key; open: boolean; onOpen: (conversationId: string) => void };

export function AgentThread({ conversation, open, onOpen }: Props) {
  const data = useFragment(fragment, conversation);
  return (
    <Flex as="li" align="center" justify="space-between" gap={3} py={2} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
      <Flex direction="column" minW={0}>
        <Text truncate color={open ? "accent" : "fg"}>
          {data.title}
        </Text>
        <Text textStyle="caption" color="fg.subtle">
          {data.messageCount} {data.messageCount === 1 ? "message" : "messages"} · <time dateTime={data.updatedAt}>{timeAgo(data.updatedAt)}</time>
        </Text>
      </Flex>
      <VeilButton size="xs" flexShrink={0} onClick={() => onOpen(data.id)} disabled={open} aria-label={`${open ? "Showing" : "Continue"} ${data.title}`}>
        {open ? "Showing" : "Continue"}
      </VeilButton>
    </Flex>
  );
}
