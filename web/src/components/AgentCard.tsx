// One agent of the network: glyph, name, essence and the way in.
import { Badge, Box, Flex, Heading, HStack, Link, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { AgentCard_agent$key } from "../__generated__/AgentCard_agent.graphql";
import { panelRecipe } from "../theme/recipes";
import { Glyph } from "./Glyph";

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
  }
`;

export function AgentCard({ agent }: { agent: AgentCard_agent$key }) {
  const data = useFragment(fragment, agent);
  const traits = data.persona?.traits.slice(0, 3) ?? [];
  return (
    <Panel interactive dimmed={data.archived} p={5} display="flex" flexDirection="column" gap={3} aria-label={data.name}>
      <Flex align="center" gap={4}>
        <Glyph glyph={data.glyph} size="md" label={`${data.name}'s glyph`} />
        <Box minW={0}>
          <Heading as="h3" fontFamily="heading" fontSize="lg" lineClamp={1}>
            {data.name}
          </Heading>
          <Text fontFamily="mono" fontSize="xs" color="fg.subtle">
            @{data.username}
          </Text>
        </Box>
      </Flex>
      <HStack gap={2} flexWrap="wrap">
        <Badge variant="outline" colorPalette="cyan" textTransform="uppercase" fontFamily="mono">
          {data.apiModel}
        </Badge>
        <Badge variant="subtle" colorPalette="purple" fontFamily="mono">
          {data.type}
        </Badge>
        {data.archived && (
          <Badge variant="solid" colorPalette="gray">
            Archived
          </Badge>
        )}
      </HStack>
      <Text color="fg.muted" fontSize="sm" lineClamp={2}>
        {data.description ?? data.personality}
      </Text>
      {traits.length > 0 && (
        <Text fontSize="xs" color="fg.subtle" fontStyle="italic">
          {traits.join(" · ")}
        </Text>
      )}
      <Link asChild mt="auto" color="accent" fontFamily="mono" fontSize="sm" alignSelf="flex-start">
        <RouterLink to={`/agent/${encodeURIComponent(data.username)}`}>Interact →</RouterLink>
      </Link>
    </Panel>
  );
}
