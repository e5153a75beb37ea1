// An agent that may be nominated (spec 2): glyph (◊ when missing), name, two lines of its
// essence, its nomination count once it has any, and the nomination button.
import { Badge, Box, Button, Flex, Heading, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { NomineeCard_agent$key } from "../../__generated__/NomineeCard_agent.graphql";
import { Glyph } from "../../components/Glyph";
import { useNominateAgentMutation } from "../../mutations/useNominateAgentMutation";

const fragment = graphql`
  fragment NomineeCard_agent on Agent {
    id
    name
    glyph
    description
    personality
    nominationCount
    councilMember {
      id
    }
  }
`;

export function NomineeCard({ agent }: { agent: NomineeCard_agent$key }) {
  const data = useFragment(fragment, agent);
  const [nominate, isNominating] = useNominateAgentMutation();
  const countId = `nominations-${data.id}`;
  return (
    <Flex
      as="li"
      aria-label={data.name}
      gap={4}
      p={4}
      align={{ base: "stretch", sm: "center" }}
      direction={{ base: "column", sm: "row" }}
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      _hover={{ bg: "bg.hover" }}
    >
      <Flex gap={4} align="center" flex="1" minW={0}>
        <Flex w={10} flexShrink={0} justify="center">
          <Glyph glyph={data.glyph} size="md" label={`${data.name}'s glyph`} />
        </Flex>
        <Box minW={0} flex="1">
          <Flex align="center" gap={2} wrap="wrap">
            <Heading as="h3" fontFamily="heading" fontSize="md" lineClamp={1}>
              {data.name}
            </Heading>
            {data.nominationCount > 0 && (
              <Badge
                id={countId}
                colorPalette="purple"
                variant="subtle"
                textStyle="terminal"
                aria-label={`${data.nominationCount} nominations`}
                data-testid="nomination-count"
              >
                {data.nominationCount}
              </Badge>
            )}
            {data.councilMember && (
              <Badge colorPalette="yellow" variant="outline" textStyle="terminal">
                Ascended
              </Badge>
            )}
          </Flex>
          <Text color="fg.muted" fontSize="sm" lineClamp={2}>
            {data.description || data.personality}
          </Text>
        </Box>
      </Flex>
      <Button
        size="sm"
        variant="outline"
        colorPalette="purple"
        textStyle="terminal"
        flexShrink={0}
        disabled={isNominating}
        onClick={() => nominate(data.id)}
        aria-describedby={data.nominationCount > 0 ? countId : undefined}
      >
        {isNominating ? "Nominating..." : "Nominate for Council"}
      </Button>
    </Flex>
  );
}
