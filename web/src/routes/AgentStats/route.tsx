// /agents/:agentId/stats (#30 item 6): how one of my agents is doing. Conversations begun with
// it, answers it gave, remixes and nominations, per day over 30 or 90 days (the span is in the
// address), each drawn as a chart, and the same numbers as a table right after the charts for
// screen readers (one keystroke on from the last chart) and, on "Show the numbers", for anyone.
// Only its creator (or a curator) sees them; anyone else is told so and sent back to the profile.
import { Box, Flex, Heading, Link, SimpleGrid, Stack, Table, Text, chakra } from "@chakra-ui/react";
import { agentStatsMeta } from "@nomina/shared/meta";
import { paths, pathTo } from "@nomina/shared/paths";
import { Suspense, useId, useState } from "react";
import { graphql, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, useRouteError, useSearchParams, type LoaderFunctionArgs } from "react-router-dom";
import type { AgentStatsActivityQuery } from "../../__generated__/AgentStatsActivityQuery.graphql";
import type { AgentStatsRouteQuery } from "../../__generated__/AgentStatsRouteQuery.graphql";
import { VeilButton } from "../../components/Buttons";
import { DayChart } from "../../components/DayChart";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { talkPath } from "../../components/WhisperBox";
import { errorMessage } from "../../relay/errors";
import { preloadQuery } from "../../relay/preload";
import { panelRecipe } from "../../theme/recipes";
import { AgentNotFound, NotItsCreator } from "../AgentProfile/AgentNotFound";

const Panel = chakra("section", panelRecipe);

const query = graphql`
  query AgentStatsRouteQuery($ref: String!) {
    agent(ref: $ref) {
      id
      rawId
      name
      glyph
      canEdit
    }
  }
`;

const activityQuery = graphql`
  query AgentStatsActivityQuery($id: ID!, $days: Int!) {
    agentActivity(agentId: $id, days: $days) {
      days {
        day
        conversations
        invocations
        remixes
        nominations
      }
      totals {
        conversations
        invocations
        remixes
        nominations
      }
    }
  }
`;

type Kind = "conversations" | "invocations" | "remixes" | "nominations";

/** Each chart: its title, what one is called, and its glow. */
const KINDS: { kind: Kind; title: string; unit: [string, string]; color: string }[] = [
  { kind: "conversations", title: "Conversations", unit: ["conversation", "conversations"], color: "chart.conversations" },
  { kind: "invocations", title: "Answers", unit: ["answer", "answers"], color: "chart.invocations" },
  { kind: "remixes", title: "Remixes", unit: ["remix", "remixes"], color: "chart.remixes" },
  { kind: "nominations", title: "Nominations", unit: ["nomination", "nominations"], color: "chart.nominations" },
];

/** One kind's count in a day or in the totals. */
const countOf = (row: Record<Kind, number>, kind: Kind): number => {
  switch (kind) {
    case "conversations":
      return row.conversations;
    case "invocations":
      return row.invocations;
    case "remixes":
      return row.remixes;
    case "nominations":
      return row.nominations;
  }
};

const SPANS = [30, 90] as const;
type Span = (typeof SPANS)[number];

const spanOf = (params: URLSearchParams): Span => (params.get("days") === "90" ? 90 : 30);

const DAY_FORMAT = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLabel = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
const counted = (n: number, [one, many]: [string, string]) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<AgentStatsRouteQuery>(query, { ref: params.agentId ?? "" }, { fetchPolicy: "store-and-network" });
}

export function Component() {
  return (
    <Box maxW="6xl" mx="auto">
      <Suspense fallback={<RitualLoader label="Counting what happened..." />}>
        <Stats />
      </Suspense>
    </Box>
  );
}

function Stats() {
  const ref = useLoaderData<PreloadedQuery<AgentStatsRouteQuery>>();
  const { agent } = usePreloadedQuery<AgentStatsRouteQuery>(query, ref);
  if (!agent) return <AgentNotFound message="The requested agent does not exist" />;
  return (
    <>
      <PageMeta {...agentStatsMeta(agent)} />
      <ScreenTitle eyebrow={`NUMBERS ${agent.glyph}`} title={agent.name} subtitle="What happened with it, day by day (UTC)." />
      {agent.canEdit ? (
        <Suspense fallback={<RitualLoader label="Counting what happened..." />}>
          <Activity id={agent.id} name={agent.name} rawId={agent.rawId} />
        </Suspense>
      ) : (
        <NotItsCreator message="Only its creator sees this agent's numbers" agentId={agent.rawId} />
      )}
    </>
  );
}

function Activity({ id, name, rawId }: { id: string; name: string; rawId: string }) {
  const [params, setParams] = useSearchParams();
  const span = spanOf(params);
  const { agentActivity } = useLazyLoadQuery<AgentStatsActivityQuery>(activityQuery, { id, days: span }, { fetchPolicy: "store-and-network" });
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const choose = (next: Span) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 30) changed.delete("days");
        else changed.set("days", String(next));
        return changed;
      },
      { replace: true },
    );
  const { days, totals } = agentActivity;

  return (
    <Stack gap={6}>
      <Flex gap={3} wrap="wrap" align="center" justify="space-between">
        <Flex gap={2} role="group" aria-label="Span">
          {SPANS.map((choice) => (
            <VeilButton
              key={choice}
              size="sm"
              aria-pressed={choice === span}
              _pressed={{ borderColor: "border.glow", color: "accent", boxShadow: "glowCyan" }}
              onClick={() => choose(choice)}
            >
              Last {choice} days
            </VeilButton>
          ))}
        </Flex>
        <Flex gap={4} wrap="wrap">
          <Link asChild color="accent">
            <RouterLink to={talkPath(rawId)}>Talk to it</RouterLink>
          </Link>
          <Link asChild color="accent">
            <RouterLink to={pathTo(paths.agentProfile, { agentId: rawId })}>Its profile</RouterLink>
          </Link>
          <Link asChild color="accent">
            <RouterLink to={paths.myAgents}>My agents</RouterLink>
          </Link>
        </Flex>
      </Flex>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
        {KINDS.map(({ kind, title, unit, color }) => {
          const series = days.map((day) => ({ day: day.day, count: countOf(day, kind) }));
          const busiest = series.reduce((best, day) => (day.count > best.count ? day : best), series[0] ?? { day: "", count: 0 });
          const total = countOf(totals, kind);
          const summary =
            total === 0
              ? `No ${unit[1]} in the last ${span} days.`
              : `${counted(total, unit)} in the last ${span} days, the most on ${dayLabel(busiest.day)} (${busiest.count}).`;
          return (
            <Panel key={kind} p={{ base: 4, md: 5 }} aria-labelledby={`${tableId}-${kind}`}>
              <Flex align="baseline" justify="space-between" gap={3} wrap="wrap">
                <Heading as="h2" id={`${tableId}-${kind}`} fontFamily="heading" fontSize="lg" color={color}>
                  {title}
                </Heading>
                <Text fontFamily="heading" fontSize="2xl" color="fg" aria-hidden="true">
                  {total.toLocaleString("en")}
                </Text>
              </Flex>
              <DayChart days={series} color={color} unit={unit} label={`${title} per day: ${summary}`} />
            </Panel>
          );
        })}
      </SimpleGrid>

      <Box>
        <VeilButton size="sm" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
          {tableShown ? "Hide the numbers" : "Show the numbers"}
        </VeilButton>
        {/* Shown, it may scroll sideways on a phone: then it takes the focus, so keys can scroll it. */}
        <Box
          id={tableId}
          srOnly={!tableShown}
          mt={4}
          overflowX={tableShown ? "auto" : undefined}
          tabIndex={tableShown ? 0 : undefined}
          role="region"
          aria-label="The numbers"
        >
          <Table.Root colorPalette="gray" bg="transparent" w="auto" minW={{ md: "36rem" }} css={{ "& th, & td": { fontVariantNumeric: "tabular-nums" } }}>
            <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb={2}>
              {name}, day by day over the last {span} days
            </Table.Caption>
            <Table.Header>
              <Table.Row bg="transparent">
                <Table.ColumnHeader scope="col" color="fg.muted" textStyle="fieldLabel">
                  Day
                </Table.ColumnHeader>
                {KINDS.map(({ kind, title }) => (
                  <Table.ColumnHeader key={kind} scope="col" textAlign="end" color="fg.muted" textStyle="fieldLabel">
                    {title}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...days].reverse().map((day) => (
                <Table.Row key={day.day} bg="transparent">
                  <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                    <time dateTime={day.day}>{dayLabel(day.day)}</time>
                  </Table.Cell>
                  {KINDS.map(({ kind }) => (
                    <Table.Cell key={kind} textAlign="end">
                      {countOf(day, kind)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Box>
    </Stack>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Box maxW="3xl" mx="auto" pt={8}>
      <AgentNotFound message={errorMessage(error, "Failed to load the agent's numbers")} />
    </Box>
  );
}
