// Usage Stats: today's use of the daily limits (which grow with the ritual tier), and the
// account's totals.
import { Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { UsageTab_user$key } from "../../__generated__/UsageTab_user.graphql";
import { Counter } from "./Counter";
import { DailyMeter } from "./DailyMeter";

const fragment = graphql`
  fragment UsageTab_user on User {
    usage {
      dailySynthRuns
      dailySynthLimit
      dailySummonRituals
      dailySummonLimit
      resetsAt
      synthRuns
      summonRituals
      echoInteractions
      agentsCreated
    }
  }
`;

export function UsageTab({ user }: { user: UsageTab_user$key }) {
  const { usage } = useFragment(fragment, user);
  const resets = new Date(usage.resetsAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return (
    <Stack gap={8}>
      <Stack gap={5}>
        <Heading as="h2" textStyle="accountHeading">
          Today
        </Heading>
        <DailyMeter label="Daily Council Synthesis" used={usage.dailySynthRuns} limit={usage.dailySynthLimit} />
        <DailyMeter label="Daily Agent Summoning" used={usage.dailySummonRituals} limit={usage.dailySummonLimit} />
        <Text fontSize="xs" color="fg.muted">
          The day's counts return to zero at {resets} (midnight UTC).
        </Text>
      </Stack>
      <Stack gap={4}>
        <Heading as="h2" textStyle="accountHeading">
          Lifetime
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
          <Counter label="Total Synths" value={usage.synthRuns} />
          <Counter label="Summon Rituals" value={usage.summonRituals} />
          <Counter label="Echo Interactions" value={usage.echoInteractions} />
          <Counter label="Agents Birthed" value={usage.agentsCreated} />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
