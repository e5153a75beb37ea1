// "Your threads with this agent": this visitor's (or user's) latest conversations with the agent,
// newest first; one opens in the whisper box above. Shown once there is a thread to show.
import { Box, Link, Text, chakra } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@nomina/shared/paths";
import type { AgentThreadsQuery } from "../../__generated__/AgentThreadsQuery.graphql";
import { rawIdOf } from "../../relay/ids";
import { panelRecipe } from "../../theme/recipes";
import { AgentThread } from "./AgentThread";

const Panel = chakra("section", panelRecipe);

/** The threads the profile lists; the rest are on the Conversations screen. */
export const THREADS_SHOWN = 5;

const query = graphql`
  query AgentThreadsQuery($agentId: ID!) {
    conversations(agentId: $agentId, first: 5) @connection(key: "AgentThreads_conversations", filters: ["agentId"]) {
      edges {
        node {
          id
          ...AgentThread_conversation
        }
      }
    }
  }
`;

type Props = { agentId: string; openId: string | null; onOpen: (conversationId: string) => void };

export function AgentThreads({ agentId, openId, onOpen }: Props) {
  const { conversations } = useLazyLoadQuery<AgentThreadsQuery>(query, { agentId }, { fetchPolicy: "store-and-network" });
  const threads = conversations.edges.map((edge) => edge.node).slice(0, THREADS_SHOWN);
  if (threads.length === 0) return null;
  return (
    <Panel aria-labelledby="threads-title" p={{ base: 5, md: 6 }}>
      <Text id="threads-title" as="h2" textStyle="ritualLabel" fontSize="lg" mb={3}>
        Your threads with this agent
      </Text>
      <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={2}>
        {threads.map((thread) => (
          <AgentThread key={thread.id} conversation={thread} open={openId !== null && rawIdOf(thread.id) === rawIdOf(openId)} onOpen={onOpen} />
        ))}
      </chakra.ul>
      <Box mt={4}>
        <Link asChild color="accent" textStyle="terminalBody">
          <RouterLink to={paths.conversations}>All your conversations →</RouterLink>
        </Link>
      </Box>
    </Panel>
  );
}
