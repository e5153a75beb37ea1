// One agent's whole tree in focus: its ancestors up to the origin and its descendants (the
// server's bounds: the newest remixes of each, so many generations, so many agents).
import { Box, Flex, Link, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { FocusMap_tree$key } from "../../__generated__/FocusMap_tree.graphql";
import { paths } from "@nomina/shared/paths";
import { MapView } from "./MapView";

const fragment = graphql`
  fragment FocusMap_tree on AgentTree {
    focus {
      id
      name
    }
    truncated
    agents {
      ...MapView_agent
    }
  }
`;

export function FocusMap({ tree }: { tree: FocusMap_tree$key }) {
  const data = useFragment(fragment, tree);
  const lineages = useMemo(() => [data.agents], [data.agents]);
  return (
    <Box>
      <Flex gap={4} wrap="wrap" align="baseline" justify="space-between" mb={4}>
        <Text color="fg.muted">
          The tree of <strong>{data.focus.name}</strong>: its ancestors and its descendants
          {data.truncated ? ", the newest of them (the tree is larger than one map holds)." : "."}
        </Text>
        <Link asChild color="accent" textStyle="terminalBody">
          <RouterLink to={paths.lineage}>← All lineages</RouterLink>
        </Link>
      </Flex>
      <MapView key={data.focus.id} lineages={lineages} search={null} focusId={data.focus.id} viewKey={data.focus.id} empty="No tree to draw" />
    </Box>
  );
}
