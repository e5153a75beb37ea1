// /embed/:agentId: the embeddable widget (spec 2), made to live inside other sites' frames.
// Query parameters: glyphs (anything but 'false' shows them), autoFocus ('true'), theme
// (dark unless 'light') and whisper (a first message, sent after one second).
import { Box, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { Suspense, useLayoutEffect } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router-dom";
import type { EmbedRouteQuery } from "../../__generated__/EmbedRouteQuery.graphql";
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
      <WhisperBox agent={agent} embed glyphs={glyphs} autoFocus={autoFocus} initialMessage={whisper} />
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
