// The agent's lineage (spec 2), shown only when it has a parent or has been remixed: where it
// came from, and up to five of the agents it evolved into.
import { Box, Flex, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { LineageCard_agent$key } from "../../__generated__/LineageCard_agent.graphql";
import { Glyph } from "../../components/Glyph";
import { paths, pathTo } from "@nomina/shared/paths";
import { focusPath } from "../Lineage/forest";
import { Fact, ProfileCard } from "./ProfileCard";

/** Spec 9: the lineage card shows at most 5 children. */
export const CHILDREN_SHOWN = 5;

const fragment = graphql`
  fragment LineageCard_agent on Agent {
    rawId
    remixCount
    parent {
      rawId
      name
      username
      glyph
    }
    children(first: 5) @connection(key: "LineageCard_children") {
      edges {
        node {
          id
          rawId
          name
          username
          glyph
        }
      }
    }
  }
`;

export function LineageCard({ agent }: { agent: LineageCard_agent$key }) {
  const data = useFragment(fragment, agent);
  if (!data.parent && data.remixCount <= 0) return null;
  const children = data.children.edges.map((edge) => edge.node).slice(0, CHILDREN_SHOWN);
  return (
    <ProfileCard title="Lineage" icon="⟲">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
        {data.parent && (
          <Fact label="Remixed from">
            <AgentLink
              to={pathTo(paths.agentProfile, { agentId: data.parent.rawId })}
              glyph={data.parent.glyph}
              name={data.parent.name}
              username={data.parent.username}
            />
          </Fact>
        )}
        {data.remixCount > 0 && (
          <Fact label="Evolved into">
            <Text mb={3} color="fg.muted">
              {data.remixCount} {data.remixCount === 1 ? "evolution" : "evolutions"}
            </Text>
            <Stack gap={2}>
              {children.map((child) => (
                <AgentLink
                  key={child.id}
                  to={pathTo(paths.agentProfile, { agentId: child.rawId })}
                  glyph={child.glyph}
                  name={child.name}
                  username={child.username}
                />
              ))}
            </Stack>
            {data.remixCount > CHILDREN_SHOWN && (
              <Link asChild color="accent" fontSize="sm" mt={3}>
                <RouterLink to={focusPath(data.rawId)}>View all {data.remixCount} evolutions</RouterLink>
              </Link>
            )}
          </Fact>
        )}
      </SimpleGrid>
      <Box mt={6}>
        <Link asChild color="accent" textStyle="terminalBody">
          <RouterLink to={focusPath(data.rawId)}>Open the full ancestry map →</RouterLink>
        </Link>
      </Box>
    </ProfileCard>
  );
}

function AgentLink({ to, glyph, name, username }: { to: string; glyph: string; name: string; username: string }) {
  return (
    <Link asChild textDecoration="none" _hover={{ color: "accent" }}>
      <RouterLink to={to}>
        <Flex align="center" gap={3}>
          <Glyph glyph={glyph} size="sm" label={`${name}'s glyph`} />
          <Box>
            <Text fontWeight="semibold">{name}</Text>
            <Text textStyle="caption" color="fg.subtle">
              @{username}
            </Text>
          </Box>
        </Flex>
      </RouterLink>
    </Link>
  );
}
