// The minds' spend and health today (mindsHealth): the budget against what was spent and held,
// and each seat's mode, calls, error rate, latency, spend and last error.
import { Box, Grid, Heading, Text, chakra } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { MindsPanelQuery } from "../../__generated__/MindsPanelQuery.graphql";
import { formatMoment } from "../../components/moment";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("div", panelRecipe);

const query = graphql`
  query MindsPanelQuery {
    mindsHealth {
      day
      resetsAt
      budgetUsd
      spentUsd
      reservedUsd
      remainingUsd
      seats {
        seat
        mode
        provider
        model
        calls
        failures
        errorRate
        spentUsd
        averageLatencyMs
        maxLatencyMs
        lastError
      }
    }
  }
`;

const usd = (value: number | null | undefined) => (value === null || value === undefined ? "no cap" : `$${value.toFixed(4)}`);
const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? "—" : `${Math.round(rate * 100)}%`);
const ms = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${value} ms`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text textStyle="caption" color="fg.subtle">
        {label}
      </Text>
      <Text fontFamily="mono" color="glow.cyan" data-figure>
        {value}
      </Text>
    </Box>
  );
}

export function MindsPanel() {
  const { mindsHealth: health } = useLazyLoadQuery<MindsPanelQuery>(query, {}, { fetchPolicy: "network-only" });
  return (
    <Box as="section" aria-labelledby="minds-heading">
      <Heading id="minds-heading" as="h2" textStyle="terminalLabel" color="glow.cyan" mb={3}>
        The minds on {health.day}
      </Heading>
      <Panel size="sm" display="grid" gridTemplateColumns={{ base: "repeat(2, 1fr)", md: "repeat(4, 1fr)" }} gap={4} p={4} mb={4}>
        <Figure label="Daily budget" value={usd(health.budgetUsd)} />
        <Figure label="Spent" value={usd(health.spentUsd)} />
        <Figure label="Held by calls in flight" value={usd(health.reservedUsd)} />
        <Figure label="Remaining" value={health.budgetUsd === null ? "no cap" : usd(health.remainingUsd)} />
      </Panel>
      <Text textStyle="caption" color="fg.subtle" mb={4}>
        The day starts again <time dateTime={health.resetsAt}>{formatMoment(health.resetsAt)}</time>.
      </Text>
      <Grid as="ul" listStyleType="none" templateColumns={{ base: "1fr", md: "repeat(2, 1fr)" }} gap={4} aria-label="The seats">
        {health.seats.map((seat) => (
          <Panel as="li" size="sm" key={seat.seat} aria-label={seat.seat} p={4}>
            <Text fontFamily="heading" textTransform="capitalize">
              {seat.seat}
            </Text>
            <Text textStyle="caption" color="fg.subtle" mb={3} wordBreak="break-all">
              {seat.mode} · {seat.provider} · {seat.model}
            </Text>
            <Grid templateColumns="repeat(2, 1fr)" gap={3}>
              <Figure label="Calls" value={`${seat.calls} (${seat.failures} failed)`} />
              <Figure label="Error rate" value={percent(seat.errorRate)} />
              <Figure label="Latency, average / longest" value={`${ms(seat.averageLatencyMs)} / ${ms(seat.maxLatencyMs)}`} />
              <Figure label="Spent" value={usd(seat.spentUsd)} />
            </Grid>
            {seat.lastError && (
              <Text color="danger" fontSize="sm" mt={3} wordBreak="break-word">
                Last error: {seat.lastError}
              </Text>
            )}
          </Panel>
        ))}
      </Grid>
    </Box>
  );
}
