// /embed/:agentId: the embeddable widget (spec 2), made to live inside other sites' frames.
// Query parameters: glyphs (anything but 'false' shows them), autoFocus ('true'), theme
// (dark unless 'light') and whisper (a first message, sent after one second).
import { Box, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { Suspense, useLayoutEffect, useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router-dom";
import type { EmbedRouteQuery } from "../../__generated__/EmbedRouteQuery.graphql";
import type { WhisperBox_agent$key } from "../../__generated__/WhisperBox_agent.graphql";
import { AgentAvatar } from "../../components/AgentAvatar";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { Toaster } from "../../components/Toaster";
import { WhisperBox } from "../../components/WhisperBox";
import { preloadQuery } from "../../relay/preload";

/** Spec 9: the embed shows at most 3 persona traits. */
export const EMBED_TRAITS = 3;

const query = graphql`
  query EmbedRouteQuery($ref: String!) {
    agent(ref: $ref) {
      id
      name
      description
      avatarUrl
      persona {
        traits
      }
      ...WhisperBox_agent
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<EmbedRouteQuery>(query, { ref: params.agentId ?? "" });
}

function useFrameTheme(theme: "dark" | "light") {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", theme === "dark");
    root.classList.toggle("light", theme === "light");
    root.style.colorScheme = theme;
  }, [theme]);
}

export function Component() {
  const [params] = useSearchParams();
  useFrameTheme(params.get("theme") === "light" ? "light" : "dark");
  return (
    <Box minH="100dvh" bg="bg" color="fg" p={{ base: 3, sm: 5 }}>
      <Suspense fallback={<Notice title="Summoning consciousness..." role="status" />}>
        <Widget glyphs={params.get("glyphs") !== "false"} autoFocus={params.get("autoFocus") === "true"} whisper={params.get("whisper")} />
      </Suspense>
      <Toaster />
    </Box>
  );
}

function Widget({ glyphs, autoFocus, whisper }: { glyphs: boolean; autoFocus: boolean; whisper: string | null }) {
  const ref = useLoaderData<PreloadedQuery<EmbedRouteQuery>>();
  const { agent } = usePreloadedQuery<EmbedRouteQuery>(query, ref);
  if (!agent) return <EntityMissing />;
  const traits = agent.persona?.traits.slice(0, EMBED_TRAITS) ?? [];
  return (
    <Stack gap={4}>
      <PageMeta title={withBrand(`Whisper to ${agent.name}`)} />
      <Flex gap={4} align="center">
        <AgentAvatar name={agent.name} avatarUrl={agent.avatarUrl} initials={2} size="14" />
        <Box minW={0}>
          <Text as="h1" fontFamily="heading" fontSize="xl" fontWeight="bold" truncate>
            {agent.name}
          </Text>
          {traits.length > 0 && (
            <Text textStyle="caption" color="fg.muted">
              {traits.join(" · ")}
            </Text>
          )}
        </Box>
      </Flex>
      {agent.description && (
        <Text fontSize="sm" color="fg.muted" lineClamp={3}>
          {agent.description}
        </Text>
      )}
      <EmbedWhisperBox agent={agent} agentId={agent.id} glyphs={glyphs} autoFocus={autoFocus} whisper={whisper} />
      <Text fontSize="xs" color="fg.subtle" textAlign="end">
        <Link href={window.location.origin} target="_blank" rel="noopener" color="accent">
          Summoned through Nomina ↗
        </Link>
      </Text>
    </Stack>
  );
}

function EntityMissing() {
  return (
    <>
      <PageMeta title={withBrand("Entity not found")} />
      <Notice title="Entity not found in the void" detail="Agent may have departed or never existed" role="alert" />
    </>
  );
}

function Notice({ title, detail, role }: { title: string; detail?: string; role: string }) {
  return (
    <Box role={role} textAlign="center" py={12}>
      <Text fontFamily="heading" fontSize="lg" color={role === "alert" ? "danger" : "fg.muted"}>
        {title}
      </Text>
      {detail && (
        <Text fontSize="sm" color="fg.muted" mt={2}>
          {detail}
        </Text>
      )}
    </Box>
  );
}

export function ErrorBoundary() {
  return (
    <Box minH="100dvh" bg="bg" p={5}>
      <EntityMissing />
    </Box>
  );
}

/** Where a frame keeps its open thread, per agent: a frame cannot write the host page's address. */
const threadKey = (agentId: string) => `nomina.embed.thread.${agentId}`;

function readThread(agentId: string): string | null {
  try {
    return window.localStorage.getItem(threadKey(agentId));
  } catch {
    // Storage refused (a browser that partitions or blocks it in frames): the thread lasts the visit.
    return null;
  }
}

function keepThread(agentId: string, conversationId: string | null) {
  try {
    if (conversationId) window.localStorage.setItem(threadKey(agentId), conversationId);
    else window.localStorage.removeItem(threadKey(agentId));
  } catch {
    // As above: nothing to keep it in.
  }
}

type EmbedBoxProps = { agent: WhisperBox_agent$key; agentId: string; glyphs: boolean; autoFocus: boolean; whisper: string | null };

/**
 * The frame's whisper box: its thread survives a reload of the host page (kept in the frame's own
 * storage), and "New conversation" starts afresh. A frame that sends a preset message starts a
 * thread of its own each time, as it always has.
 */
function EmbedWhisperBox({ agent, agentId, glyphs, autoFocus, whisper }: EmbedBoxProps) {
  const [conversationId, setConversationId] = useState<string | null>(() => (whisper ? null : readThread(agentId)));
  const change = (id: string | null) => {
    setConversationId(id);
    keepThread(agentId, id);
  };
  return (
    <WhisperBox
      agent={agent}
      embed
      glyphs={glyphs}
      autoFocus={autoFocus}
      initialMessage={whisper}
      conversationId={conversationId}
      onConversationChange={change}
    />
  );
}
