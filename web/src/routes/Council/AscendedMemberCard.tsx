// One ascended member: the agent's glyph, its name, the day it ascended (spec 2), and how often it
// has sat at the Summoning Gate, in the seat its agent is bound to (#28).
import { Box, Heading, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { AscendedMemberCard_member$key } from "../../__generated__/AscendedMemberCard_member.graphql";
import { Glyph } from "../../components/Glyph";
import { formatDay } from "../../components/moment";
import { panelRecipe } from "../../theme/recipes";
import { SEAT_NAMES } from "@nomina/shared/enums";

/** "Sat 3 times at the Gate", "Not yet sat at the Gate". */
export const sittings = (count: number) =>
  count === 0 ? "Not yet sat at the Gate" : `Sat ${count === 1 ? "once" : count === 2 ? "twice" : `${count.toLocaleString("en")} times`} at the Gate`;

const Panel = chakra("article", panelRecipe);

const fragment = graphql`
  fragment AscendedMemberCard_member on CouncilMember {
    agentName
    ascendedAt
    satCount
    seat
    agent {
      glyph
    }
  }
`;

export function AscendedMemberCard({ member }: { member: AscendedMemberCard_member$key }) {
  const data = useFragment(fragment, member);
  return (
    <Panel p={4} display="flex" alignItems="center" gap={4} aria-label={data.agentName} boxShadow="glowViolet" borderColor="border.violet">
      <Glyph glyph={data.agent.glyph} size="md" breathing label={`${data.agentName}'s glyph`} />
      <Box minW={0}>
        <Heading as="h3" fontFamily="heading" fontSize="lg" lineClamp={2}>
          {data.agentName}
        </Heading>
        <Text textStyle="caption" color="fg.muted">
          Ascended: {formatDay(data.ascendedAt)}
        </Text>
        <Text textStyle="caption" color="fg.subtle">
          {sittings(data.satCount)} · {SEAT_NAMES[data.seat]}'s seat
        </Text>
      </Box>
    </Panel>
  );
}
