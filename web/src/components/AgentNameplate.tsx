// An agent as a list names it: its glyph, then its name over its @username, with the list's own
// note after the username (how often it was remixed...). A long name is cut short on one line;
// the glyphs stand in a column of their own, so that a list's names line up.
// The link or the row around it is the list's.
import { Box, Flex, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { AgentNameplate_agent$key } from "../__generated__/AgentNameplate_agent.graphql";
import { Glyph } from "./Glyph";

const fragment = graphql`
  fragment AgentNameplate_agent on Agent {
    name
    username
    glyph
  }
`;

export function AgentNameplate({ agent, note }: { agent: AgentNameplate_agent$key; note?: string }) {
  const { name, username, glyph } = useFragment(fragment, agent);
  return (
    <Flex align="center" gap={3} flex="1" minW={0}>
      {/* Glyphs differ in width: a column of their own keeps the names of a list in line. */}
      <Flex w={6} flexShrink={0} justify="center">
        <Glyph glyph={glyph} size="sm" label={`${name}'s glyph`} />
      </Flex>
      <Box minW={0}>
        <Text fontWeight="semibold" truncate>
          {name}
        </Text>
        <Text textStyle="caption" color="fg.subtle">
          @{username}
          {note && ` · ${note}`}
        </Text>
      </Box>
    </Flex>
  );
}
