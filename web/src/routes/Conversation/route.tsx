// /conversations/:id: one thread's own address. Its owner talks on here (the whisper box holds the
// thread, with the focus in its input, and the owner's other threads with the agent are beside
// it); a shared thread reads for anyone, read-only. A private one is its owner's alone: to anyone
// else it is not found (the server answers null, not "forbidden").
import { Box, Flex, Grid, Link, Text, chakra } from "@chakra-ui/react";
import { Suspense, useEffect } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from "react-router-dom";
import { conversationMeta } from "@nomina/shared/meta";
import { paths, pathTo } from "@nomina/shared/paths";
import type { ConversationRouteQuery } from "../../__generated__/ConversationRouteQuery.graphql";
import { formatDateTime } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { PageMeta } from "../../components/PageMeta";
import { PanelBoundary } from "../../components/PanelBoundary";
import { RitualLoader } from "../../components/RitualLoader";
import { WhisperBox } from "../../components/WhisperBox";
import { messageAnchor, WhisperThread } from "../../components/WhisperThread";
import { rawIdOf } from "../../relay/ids";
import { preloadQuery } from "../../relay/preload";
import { panelRecipe } from "../../theme/recipes";
import { AgentThreads } from "../AgentProfile/AgentThreads";
import { ConclaveThread } from "../Conclave/ConclaveThread";
import { ConversationMissing } from "./ConversationMissing";
import { OwnerBar } from "./OwnerBar";
import { ThreadTitle } from "./ThreadTitle";

const Panel = chakra("article", panelRecipe);

const query = graphql`
  query ConversationRouteQuery($id: ID!) {
    conversation(id: $id) {
      title
      isMine
      createdAt
      rawId
      turnOrder
      ...ConclaveThread_conversation
      agent {
        id
        rawId
        name
        glyph
        isActive
        ...WhisperBox_agent
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
    <Suspense
      fallback={
        <Box maxW="3xl" mx="auto" pt={{ base: 6, md: 12 }}>
          <RitualLoader label="Recalling the thread..." />
        </Box>
      }
    >
      <ConversationScreen />
    </Suspense>
  );
}

type Loaded = NonNullable<ConversationRouteQuery["response"]["conversation"]>;

function ConversationScreen() {
  const ref = useLoaderData<PreloadedQuery<ConversationRouteQuery>>();
  const { conversation } = usePreloadedQuery<ConversationRouteQuery>(query, ref);
  if (!conversation) {
    return (
      <Box maxW="3xl" mx="auto" pt={{ base: 6, md: 12 }}>
        <ConversationMissing />
      </Box>
    );
  }
  // A conclave (#28): several agents in one thread, its own page.
  if (conversation.turnOrder) {
    return (
      <Box maxW="4xl" mx="auto" pt={{ base: 6, md: 10 }}>
        <PageMeta {...conversationMeta({ title: conversation.title, agentName: conversation.agent.name, firstAnswer: null })} />
        <ConclaveThread conversation={conversation} />
      </Box>
    );
  }
  return conversation.isMine ? <OwnThread conversation={conversation} /> : <SharedConversation conversation={conversation} />;
}

/** The owner's thread: the heading, the thread with its input, and the other threads with this agent beside it. */
function OwnThread({ conversation }: { conversation: Loaded }) {
  const navigate = useNavigate();
  // A search result opens the thread at its message (?message=): shown there, instead of at the input.
  const [params] = useSearchParams();
  const found = params.get("message");
  useFoundMessage(found);
  const { agent } = conversation;
  const firstAnswer = conversation.opening.edges.find((edge) => edge.node.role === "agent")?.node.text ?? null;
  const profile = pathTo(paths.agentProfile, { agentId: agent.rawId });
  const open = (id: string | null) => {
    const raw = id && rawIdOf(id);
    if (raw && raw !== conversation.rawId) void navigate(pathTo(paths.conversation, { id: raw }));
  };
  return (
    <Box maxW="7xl" mx="auto" pt={{ base: 6, md: 10 }}>
      <PageMeta {...conversationMeta({ title: conversation.title, agentName: agent.name, firstAnswer })} />
      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 20rem" }} gap={{ base: 8, lg: 8 }} alignItems="start">
        <Box minW={0}>
          <Flex align="center" gap={4} mb={2}>
            <Glyph glyph={agent.glyph} size="md" breathing label={`${agent.name}'s glyph`} />
            <ThreadTitle title={conversation.title} agentName={agent.name} profile={profile} departed={!agent.isActive} />
          </Flex>
          <OwnerBar conversation={conversation} />
          <Box mt={6}>
            {agent.isActive ? (
              <WhisperBox
                key={conversation.rawId}
                agent={agent}
                conversationId={conversation.rawId}
                onConversationChange={open}
                onNewConversation={() => void navigate(profile)}
                autoFocus={found === null}
              />
            ) : (
              <DepartedThread conversation={conversation} agentName={agent.name} />
            )}
          </Box>
        </Box>
        <Box as="aside" aria-label={`Your threads with ${agent.name}`} position={{ lg: "sticky" }} top={{ lg: 24 }}>
          <PanelBoundary failure="Your threads with this agent could not be recalled">
            <AgentThreads agentId={agent.id} openId={conversation.rawId} onOpen={open} />
          </PanelBoundary>
        </Box>
      </Grid>
    </Box>
  );
}

/** Brings the message a search found into view and marks it, once its turn is on screen. */
function useFoundMessage(messageId: string | null) {
  useEffect(() => {
    if (!messageId) return;
    let frame = 0;
    const deadline = performance.now() + 5_000;
    const look = () => {
      const turn = document.getElementById(messageAnchor(messageId));
      if (turn) {
        turn.setAttribute("data-found", "");
        turn.scrollIntoView({ block: "center" });
      } else if (performance.now() < deadline) {
        frame = requestAnimationFrame(look);
      }
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [messageId]);
}

/** A thread shared with its reader: read-only. */
function SharedConversation({ conversation }: { conversation: Loaded }) {
  const { agent } = conversation;
  const firstAnswer = conversation.opening.edges.find((edge) => edge.node.role === "agent")?.node.text ?? null;
  const profile = pathTo(paths.agentProfile, { agentId: agent.rawId });
  return (
    <Box maxW="3xl" mx="auto" pt={{ base: 6, md: 12 }}>
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
          <ThreadTitle title={conversation.title} agentName={agent.name} profile={profile} shared departed={!agent.isActive} />
        </Flex>
        <Box mt={8}>
          <WhisperThread conversation={conversation} agentName={agent.name} />
        </Box>
        {agent.isActive && (
          <Flex justify="flex-end" mt={10} textStyle="caption" color="fg.subtle">
            <Link asChild color="accent">
              <RouterLink to={profile}>whisper to {agent.name} yourself →</RouterLink>
            </Link>
          </Flex>
        )}
      </Panel>
    </Box>
  );
}

/**
 * The owner's thread with an agent that has departed (its creator deleted their account, #42):
 * every word stays the owner's to read, share or delete, but no one can speak with the agent again.
 */
function DepartedThread({ conversation, agentName }: { conversation: Loaded; agentName: string }) {
  return (
    <Panel p={{ base: 5, md: 8 }}>
      <WhisperThread conversation={conversation} agentName={agentName} />
      <Text role="note" textStyle="caption" color="fg.subtle" mt={8}>
        {agentName} has departed: its creator left Nomina. This thread stays yours, but it cannot go on.
      </Text>
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
