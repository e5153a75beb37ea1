// /conversations/:id: one thread, read-only. A public thread reads for anyone; a private one for
// its owner alone: to anyone else it is not found (the server answers null, not "forbidden").
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { conversationMeta } from "@nomina/shared/meta";
import { paths, pathTo } from "@nomina/shared/paths";
import type { ConversationRouteQuery } from "../../__generated__/ConversationRouteQuery.graphql";
import { formatDateTime } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { WhisperThread } from "../../components/WhisperThread";
import { preloadQuery } from "../../relay/preload";
import { panelRecipe } from "../../theme/recipes";
import { ConversationMissing } from "./ConversationMissing";
import { OwnerBar } from "./OwnerBar";

const Panel = chakra("article", panelRecipe);

const query = graphql`
  query ConversationRouteQuery($id: ID!) {
    conversation(id: $id) {
      title
      isMine
      createdAt
      agent {
        rawId
        name
        glyph
      }
      opening: messages(first: 2) {
        edges {
          node {
            role
            text
          }
        }
      }
      ...OwnerBar_conversation
      ...WhisperThread_conversation
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<ConversationRouteQuery>(query, { id: params.id ?? "" }, { fetchPolicy: "store-and-network" });
}

export function Component() {
  return (
    <Box maxW="3xl" mx="auto" pt={{ base: 6, md: 12 }}>
      <Suspense fallback={<RitualLoader label="Recalling the thread..." />}>
        <SharedConversation />
      </Suspense>
    </Box>
  );
}

function SharedConversation() {
  const ref = useLoaderData<PreloadedQuery<ConversationRouteQuery>>();
  const { conversation } = usePreloadedQuery<ConversationRouteQuery>(query, ref);
  if (!conversation) return <ConversationMissing />;
  const { agent } = conversation;
  const firstAnswer = conversation.opening.edges.find((edge) => edge.node.role === "agent")?.node.text ?? null;
  const profile = pathTo(paths.agentProfile, { agentId: agent.rawId });
  return (
    <Panel p={{ base: 5, md: 10 }} boxShadow="glowViolet">
      <PageMeta {...conversationMeta({ title: conversation.title, agentName: agent.name, firstAnswer })} />
      <Flex justify="space-between" align="baseline" gap={4} wrap="wrap">
        <Text textStyle="pageMark" color="accent.violet">
          CONVERSATION
        </Text>
        <Text fontSize="xs" color="fg.subtle" textStyle="caption">
          begun <time dateTime={conversation.createdAt}>{formatDateTime(conversation.createdAt)}</time>
        </Text>
      </Flex>
      <Flex align="center" gap={4} mt={6}>
        <Glyph glyph={agent.glyph} size="lg" breathing label={`${agent.name}'s glyph`} />
        <Box minW={0}>
          <Text as="h1" fontFamily="heading" fontSize={{ base: "xl", md: "3xl" }} lineHeight="1.2">
            {conversation.title}
          </Text>
          <Text color="fg.muted" mt={1}>
            with{" "}
            <Link asChild color="accent">
              <RouterLink to={profile}>{agent.name}</RouterLink>
            </Link>
          </Text>
        </Box>
      </Flex>
      {conversation.isMine && <OwnerBar conversation={conversation} />}
      <Box mt={8}>
        <WhisperThread conversation={conversation} agentName={agent.name} />
      </Box>
      <Flex justify="flex-end" mt={10} textStyle="caption" color="fg.subtle">
        <Link asChild color="accent">
          <RouterLink to={profile}>whisper to {agent.name} yourself →</RouterLink>
        </Link>
      </Flex>
    </Panel>
  );
}

export function ErrorBoundary() {
  return (
    <Box maxW="3xl" mx="auto" pt={12}>
      <ConversationMissing />
    </Box>
  );
}
