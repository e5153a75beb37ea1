// One agent of the network: glyph, name (a link to its profile), essence, its details and the way
// in, and its tags (each a link to The Named filtered by it). In a list it lays out as a row. Archived agents show dimmed with an 'Archived' badge (spec 2, 4).
import { Badge, Box, Flex, Heading, HStack, Link, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { AgentCard_agent$key } from "../__generated__/AgentCard_agent.graphql";
import { paths, pathTo } from "@nomina/shared/paths";
import { panelRecipe } from "../theme/recipes";
import { AgentDetailsDialog } from "./AgentDetailsDialog";
import { Glyph } from "./Glyph";
import { TagChips } from "./TagChips";

const Panel = chakra("article", panelRecipe);

const fragment = graphql`
  fragment AgentCard_agent on Agent {
    name
    username
    glyph
    description
    personality
    apiModel
    type
    archived
    persona {
      traits
    }
    tags
    ...AgentDetailsDialog_agent
  }
`;

export type CardLayout = "grid" | "list";

export function AgentCard({ agent, layout = "grid" }: { agent: AgentCard_agent$key; layout?: CardLayout }) {
  const data = useFragment(fragment, agent);
  const profile = pathTo(paths.agentByUsername, { username: data.username });
  const traits = data.persona?.traits.slice(0, 3) ?? [];
  const row = layout === "list";
  return (
    <Panel
      interactive
      dimmed={data.archived}
      p={row ? 4 : 5}
      display="flex"
      flexDirection={row ? { base: "column", md: "row" } : "column"}
      alignItems={row ? { md: "center" } : undefined}
      gap={row ? { base: 3, md: 6 } : 3}
      aria-label={data.name}
      data-archived={data.archived || undefined}
    >
      <Flex align="center" gap={4} minW={0} flex={row ? { base: "0 0 auto", md: "0 0 18rem" } : undefined}>
        <Glyph glyph={data.glyph} size={row ? "sm" : "md"} label={`${data.name}'s glyph`} />
        <Box minW={0}>
          <Heading as="h3" fontFamily="heading" fontSize="lg" lineClamp={1}>
            {/* The name is the profile's link (named by the name alone); "Interact" below is the way to talk. */}
            <Link
              asChild
              color="inherit"
              _hover={{ color: "accent", textDecoration: "underline" }}
              _focusVisible={{ outline: "2px solid", outlineColor: "accent", outlineOffset: "2px" }}
            >
              <RouterLink to={profile}>{data.name}</RouterLink>
            </Link>
          </Heading>
          <Text textStyle="caption" color="fg.subtle" truncate>
            @{data.username}
          </Text>
        </Box>
      </Flex>
      <HStack gap={2} flexWrap="wrap" flexShrink={0}>
        <Badge variant="outline" colorPalette="cyan" textTransform="uppercase" textStyle="terminal">
          {data.apiModel}
        </Badge>
        <Badge variant="subtle" colorPalette="purple" textStyle="terminal">
          {data.type}
        </Badge>
        {data.archived && (
          <Badge variant="solid" colorPalette="gray">
            Archived
          </Badge>
        )}
      </HStack>
      <Box flex="1" minW={0}>
        <Text color="fg.muted" fontSize="sm" lineClamp={2}>
          {data.description ?? data.personality}
        </Text>
        {!row && traits.length > 0 && (
          <Text fontSize="xs" color="fg.subtle" fontStyle="italic" mt={2}>
            {traits.join(" · ")}
          </Text>
        )}
        {data.tags.length > 0 && (
          <Box mt={2.5}>
            <TagChips tags={data.tags} label={`${data.name}'s tags`} />
          </Box>
        )}
      </Box>
      <Flex gap={4} align="center" mt={row ? 0 : "auto"} flexShrink={0}>
        <AgentDetailsDialog agent={data} />
        <Link asChild color="accent" textStyle="terminalBody">
          <RouterLink to={profile} aria-label={`Interact with ${data.name}`}>
            Interact →
          </RouterLink>
        </Link>
      </Flex>
    </Panel>
  );
}
