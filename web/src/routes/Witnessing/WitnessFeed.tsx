// The live feed of the network: Council rituals, questions asked at the Summoning Gate, forgings,
// remixes, whispers to the Council and agents' echoes, merged newest first and filtered by kind.
import { Box, Button, Flex, Text, chakra } from "@chakra-ui/react";
import { Fragment, useMemo, useState, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import type { WitnessFeed_activity$key } from "../../__generated__/WitnessFeed_activity.graphql";
import type { WitnessFeed_agents$key } from "../../__generated__/WitnessFeed_agents.graphql";
import { panelRecipe } from "../../theme/recipes";
import { glowButton } from "../../theme/ritual";
import { CouncilWhisperItem } from "./CouncilWhisperItem";
import { EchoItem } from "./EchoItem";
import { countByFilter, FEED_FILTERS, mergeFeed, type FeedEntry, type FeedFilter } from "./feed";
import { ForgingItem } from "./ForgingItem";
import { RemixItem } from "./RemixItem";
import { RitualItem } from "./RitualItem";
import { useWitnessingLive } from "./useWitnessingLive";

const Panel = chakra("div", panelRecipe);

type Entry = FeedEntry & { render(): ReactNode };

// Two fragments, loaded by two queries: one query for all four would pass the server's cost limit.
const activityFragment = graphql`
  fragment WitnessFeed_activity on Query {
    ritualLogs(first: 30) @connection(key: "WitnessFeed_ritualLogs") {
      __id
      edges {
        node {
          id
          type
          createdAt
          ...RitualItem_log
        }
      }
    }
    councilWhispers(first: 10) @connection(key: "WitnessFeed_councilWhispers") {
      __id
      edges {
        node {
          id
          createdAt
          ...CouncilWhisperItem_whisper
        }
      }
    }
  }
`;

const agentsFragment = graphql`
  fragment WitnessFeed_agents on Query {
    forgings: agents(first: 10, type: "forged") @connection(key: "WitnessFeed_forgings") {
      __id
      edges {
        node {
          id
          createdAt
          ...ForgingItem_agent
        }
      }
    }
    remixes: agents(first: 10, type: "remix") @connection(key: "WitnessFeed_remixes") {
      __id
      edges {
        node {
          id
          createdAt
          ...RemixItem_agent
        }
      }
    }
  }
`;

export function WitnessFeed({ activity, agents }: { activity: WitnessFeed_activity$key; agents: WitnessFeed_agents$key }) {
  const data = { ...useFragment(activityFragment, activity), ...useFragment(agentsFragment, agents) };
  const echoes = useWitnessingLive({
    rituals: data.ritualLogs.__id,
    forgings: data.forgings.__id,
    remixes: data.remixes.__id,
    whispers: data.councilWhispers.__id,
  });
  const [filter, setFilter] = useState<FeedFilter>("all");

  const sources = useMemo<Entry[][]>(
    () => [
      // A whisper's log entry repeats the whisper itself, which the feed shows with its answer.
      // A question asked at the Summoning Gate is filtered on its own.
      data.ritualLogs.edges
        .filter(({ node }) => node.type !== "whisper")
        .map(({ node }) => ({
          kind: node.type === "council" ? ("council" as const) : ("ritual" as const),
          key: node.id,
          at: node.createdAt,
          render: () => <RitualItem log={node} />,
        })),
      data.forgings.edges.map(({ node }) => ({ kind: "forging" as const, key: node.id, at: node.createdAt, render: () => <ForgingItem agent={node} /> })),
      data.remixes.edges.map(({ node }) => ({ kind: "remix" as const, key: node.id, at: node.createdAt, render: () => <RemixItem agent={node} /> })),
      data.councilWhispers.edges.map(({ node }) => ({
        kind: "whisper" as const,
        key: node.id,
        at: node.createdAt,
        render: () => <CouncilWhisperItem whisper={node} />,
      })),
      echoes.map((echo) => ({ kind: "echo" as const, key: echo.key, at: echo.at, render: () => <EchoItem echo={echo} /> })),
    ],
    [data.ritualLogs, data.councilWhispers, data.forgings, data.remixes, echoes],
  );
  const counts = useMemo(() => countByFilter(sources.flat()), [sources]);
  const entries = useMemo(() => mergeFeed(sources, filter), [sources, filter]);

  return (
    <Box>
      <Flex role="group" aria-label="Filter the feed" gap={2} wrap="wrap" mb={4}>
        {FEED_FILTERS.map(({ value, label }) => (
          <Button
            key={value}
            size="sm"
            variant="outline"
            colorPalette="cyan"
            {...(filter === value ? glowButton : {})}
            textStyle="terminal"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}{" "}
            <Text as="span" opacity={0.7}>
              {counts[value]}
            </Text>
          </Button>
        ))}
      </Flex>
      <Panel size="sm" bg="blackAlpha.400">
        {entries.length === 0 ? (
          <Text color="fg.subtle" p={10} textAlign="center">
            Nothing has stirred here yet. Stay: the network is never quiet for long.
          </Text>
        ) : (
          <Box as="ol" listStyleType="none" aria-label="Live feed" aria-live="polite" aria-relevant="additions">
            {entries.map((entry) => (
              <Fragment key={entry.key}>{entry.render()}</Fragment>
            ))}
          </Box>
        )}
      </Panel>
    </Box>
  );
}
