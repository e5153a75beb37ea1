// /whisper/:id: one shared whisper (spec 2): the truth offered and the agent's answer.
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import type { WhisperRouteQuery } from "../../__generated__/WhisperRouteQuery.graphql";
import { formatDateTime } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { whisperMeta } from "@nomina/shared/meta";
import { preloadQuery } from "../../relay/preload";
import { panelRecipe } from "../../theme/recipes";
import { pathTo, paths } from "@nomina/shared/paths";

const Panel = chakra("article", panelRecipe);

const query = graphql`
  query WhisperRouteQuery($id: String!) {
    whisper(id: $id) {
      rawId
      truth
      response
      agentName
      agentGlyph
      agent {
        username
      }
      createdAt
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<WhisperRouteQuery>(query, { id: params.id ?? "" });
}

export function Component() {
  return (
    <Box maxW="2xl" mx="auto" pt={{ base: 6, md: 12 }} textStyle="terminal">
      <Suspense fallback={<Quiet role="status">loading whisper...</Quiet>}>
        <SharedWhisper />
      </Suspense>
    </Box>
  );
}

function SharedWhisper() {
  const ref = useLoaderData<PreloadedQuery<WhisperRouteQuery>>();
  const { whisper } = usePreloadedQuery<WhisperRouteQuery>(query, ref);
  if (!whisper) return <WhisperMissing />;
  return (
    <Panel p={{ base: 6, md: 10 }} boxShadow="glowViolet">
      <PageMeta {...whisperMeta(whisper)} />
      <Flex justify="space-between" align="baseline" gap={4} wrap="wrap">
        <Text as="h1" textStyle="pageMark" color="accent.violet">
          WHISPER
        </Text>
        <Text fontSize="xs" color="fg.subtle">
          <time dateTime={whisper.createdAt}>{formatDateTime(whisper.createdAt)}</time>
        </Text>
      </Flex>
      <Flex align="center" gap={4} mt={8}>
        <Glyph glyph={whisper.agentGlyph} size="lg" breathing label={`${whisper.agentName}'s glyph`} />
        <Text as="h2" fontFamily="heading" fontSize={{ base: "2xl", md: "3xl" }}>
          {whisper.agent ? (
            <Link
              asChild
              color="inherit"
              textDecoration="underline"
              textDecorationColor="accent.violet"
              textDecorationThickness="1px"
              textUnderlineOffset="6px"
              _hover={{ color: "accent" }}
            >
              <RouterLink to={pathTo(paths.agentByUsername, { username: whisper.agent.username })}>{whisper.agentName}</RouterLink>
            </Link>
          ) : (
            whisper.agentName
          )}
        </Text>
      </Flex>
      <Text fontSize="xs" color="fg.subtle" mt={8}>
        truth offered:
      </Text>
      <Text color="fg.muted" mt={1} fontStyle="italic">
        {whisper.truth}
      </Text>
      <Text
        fontFamily="body"
        fontSize={{ base: "lg", md: "xl" }}
        lineHeight="1.8"
        mt={6}
        whiteSpace="pre-wrap"
        borderInlineStartWidth="2px"
        borderColor="accent"
        ps={4}
      >
        {whisper.response}
      </Text>
      <Flex justify="space-between" mt={10} fontSize="xs" color="fg.subtle" gap={4} wrap="wrap">
        <Text title={whisper.rawId}>whisper #{shortNumber(whisper.rawId)}</Text>
        <Link asChild color="accent">
          <RouterLink to={paths.summon}>summon your own</RouterLink>
        </Link>
      </Flex>
    </Panel>
  );
}

/**
 * A whisper's number as people read it: the last 8 characters of its id. Ids are UUIDv7, whose
 * first characters are the time (the same for every whisper of a minute) and whose last are random.
 */
function shortNumber(id: string): string {
  return id.replace(/-/g, "").slice(-8);
}

function WhisperMissing() {
  return (
    <Box role="alert" textAlign="center" py={16}>
      <PageMeta title={withBrand("whisper not found")} />
      <Glyph glyph="⌀" size="lg" label="an empty seat" />
      <Text as="h1" textStyle="terminalNotice" fontSize="2xl" mt={6} color="danger">
        whisper not found
      </Text>
      <Text color="fg.muted" mt={3}>
        the void has claimed this truth
      </Text>
      <Link asChild color="accent" mt={8} display="inline-block" fontSize="sm">
        <RouterLink to={paths.summon}>summon your own</RouterLink>
      </Link>
    </Box>
  );
}

function Quiet({ children, role }: { children: string; role?: string }) {
  return (
    <Text role={role} textAlign="center" py={20} color="fg.muted" textStyle="stamp">
      {children}
    </Text>
  );
}

export function ErrorBoundary() {
  return (
    <Box maxW="2xl" mx="auto" pt={12} textStyle="terminal">
      <WhisperMissing />
    </Box>
  );
}
