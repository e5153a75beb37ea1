// The profile's last line: who brought the agent into the network, and its lineage origin.
import { Box, Link, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { ProfileFooter_agent$key } from "../../__generated__/ProfileFooter_agent.graphql";
import { paths, pathTo } from "@nomina/shared/paths";

const fragment = graphql`
  fragment ProfileFooter_agent on Agent {
    createdBy
    origin {
      rawId
      name
    }
  }
`;

export function ProfileFooter({ agent }: { agent: ProfileFooter_agent$key }) {
  const data = useFragment(fragment, agent);
  return (
    <Box as="footer" textAlign="center" py={6} borderTopWidth="1px" borderColor="border" textStyle="terminalBody" color="fg.subtle">
      <Text>
        Originator:{" "}
        <Text as="span" color="fg">
          {data.createdBy}
        </Text>
      </Text>
      {data.origin && (
        <Text mt={1}>
          Lineage origin:{" "}
          <Link asChild color="accent">
            <RouterLink to={pathTo(paths.agentProfile, { agentId: data.origin.rawId })}>{data.origin.name}</RouterLink>
          </Link>
        </Text>
      )}
    </Box>
  );
}
