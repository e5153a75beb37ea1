// The agent's lineage (spec 2), shown only when it has a parent or has been remixed: where it
// came from, and up to five of the agents it evolved into.
import { Box, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { AgentNameplate_agent$key } from "../../__generated__/AgentNameplate_agent.graphql";
import type { LineageCard_agent$key } from "../../__generated__/LineageCard_agent.graphql";
import { AgentNameplate } from "../../components/AgentNameplate";
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
      ...AgentNameplate_agent
    }
    children(first: 5) @connection(key: "LineageCard_children") {
      edges {
        node {
          id
          rawId
          ...AgentNameplate_agent
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
            <AgentLink to={pathTo(paths.agentProfile, { agentId: data.parent.rawId })} agent={data.parent} />
          </Fact>
        )}
        {data.remixCount > 0 && (
          <Fact label="Evolved into">
            <Text mb={3} color="fg.muted">
              {data.remixCount} {data.remixCount === 1 ? "evolution" : "evolutions"}
            </Text>
            <Stack gap={2}>
              {children.map((child) => (
                <AgentLink key={child.id} to={pathTo(paths.agentProfile, { agentId: child.rawId })} agent={child} />
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

function AgentLink({ to, agent }: { to: string; agent: AgentNameplate_agent$key }) {
  return (
    <Link asChild textDecoration="none" _hover={{ color: "accent" }}>
      <RouterLink to={to}>
        <AgentNameplate agent={agent} />
      </RouterLink>
    </Link>
  );
}
