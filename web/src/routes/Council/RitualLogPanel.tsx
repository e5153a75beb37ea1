// RITUALS LOG (spec 2): the Council Activity Log, newest first, about 24rem tall. Every new
// entry (from any terminal, any API) is prepended live; its related agent arrives with its new
// nomination count and membership, which updates the nomination cards and badges as well. The log
// can be narrowed to one kind of ritual (questions asked at the Gate, nominations, ...): the server
// reads that kind alone, and live entries of other kinds wait unseen until "All" is chosen again.
import { Box, Button, Flex, Heading } from "@chakra-ui/react";
import type { RitualType } from "@nomina/shared/enums";
import { useMemo, useState, useTransition } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, useSubscription, type PreloadedQuery } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { RitualLogPanelQuery } from "../../__generated__/RitualLogPanelQuery.graphql";
import type { RitualLogPanelPaginationQuery } from "../../__generated__/RitualLogPanelPaginationQuery.graphql";
import type { RitualLogPanel_query$key } from "../../__generated__/RitualLogPanel_query.graphql";
import type { RitualLogPanelSubscription } from "../../__generated__/RitualLogPanelSubscription.graphql";
import { RitualIcon } from "../../components/RitualIcon";
import { RitualLogEntry } from "./RitualLogEntry";
import { ScrollingLog } from "./ScrollingLog";

export const LOGS_PAGE = 30;

/** The kinds the log can be narrowed to, as the Terminal names them. */
const KINDS: { value: RitualType | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "council", label: "Questions" },
  { value: "nomination", label: "Nominations" },
  { value: "ascension", label: "Ascensions" },
  { value: "whisper", label: "Whispers" },
  { value: "curation", label: "Curation" },
];

const fragment = graphql`
  fragment RitualLogPanel_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 30 }, cursor: { type: "String" }, type: { type: "RitualType" })
  @refetchable(queryName: "RitualLogPanelPaginationQuery") {
    ritualLogs(first: $count, after: $cursor, type: $type) @connection(key: "RitualLogPanel_ritualLogs", filters: ["type"]) {
      __id
      edges {
        node {
          id
          type
          ...RitualLogEntry_log
        }
      }
    }
  }
`;

export const ritualLogPanelQuery = graphql`
  query RitualLogPanelQuery {
    ...RitualLogPanel_query
  }
`;

const logAdded = graphql`
  subscription RitualLogPanelSubscription($connections: [ID!]!) {
    ritualLogAdded @prependNode(connections: $connections, edgeTypeName: "QueryRitualLogsConnectionEdge") {
      id
      ...RitualLogEntry_log
      relatedAgent {
        id
        nominationCount
        councilMember {
          id
        }
      }
    }
  }
`;

export function RitualLogPanel({ queryRef }: { queryRef: PreloadedQuery<RitualLogPanelQuery> }) {
  const root = usePreloadedQuery<RitualLogPanelQuery>(ritualLogPanelQuery, queryRef);
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<RitualLogPanelPaginationQuery, RitualLogPanel_query$key>(fragment, root);
  const [kind, setKind] = useState<RitualType | null>(null);
  const [narrowing, startNarrowing] = useTransition();
  const narrow = (next: RitualType | null) => {
    setKind(next);
    startNarrowing(() => {
      refetch({ type: next }, { fetchPolicy: "store-or-network" });
    });
  };
  const connectionId = data.ritualLogs.__id;
  const config = useMemo<GraphQLSubscriptionConfig<RitualLogPanelSubscription>>(
    () => ({ subscription: logAdded, variables: { connections: [connectionId] } }),
    [connectionId],
  );
  useSubscription(config);
  // A live entry is prepended to the log shown, whatever its kind: only the kind chosen is listed.
  const logs = data.ritualLogs.edges.filter(({ node }) => kind === null || node.type === kind);

  return (
    <Box as="section" aria-labelledby="activity-log-heading">
      <Flex align="center" gap={2} mb={3} color="glow.cyan">
        <RitualIcon kind="echo" />
        <Heading id="activity-log-heading" as="h3" textStyle="terminalLabel">
          Council Activity Log
        </Heading>
      </Flex>
      <Flex role="group" aria-label="Show rituals of one kind" gap={2} wrap="wrap" mb={3}>
        {KINDS.map(({ value, label }) => (
          <Button
            key={label}
            size="xs"
            variant={kind === value ? "solid" : "outline"}
            colorPalette="cyan"
            textStyle="terminal"
            aria-pressed={kind === value}
            loading={narrowing && kind === value}
            onClick={() => narrow(value)}
          >
            {label}
          </Button>
        ))}
      </Flex>
      <ScrollingLog
        label="Council activity"
        maxH="24rem"
        empty={logs.length === 0}
        emptyText={kind === null ? "No ritual has been performed yet." : `No ${KINDS.find((one) => one.value === kind)!.label.toLowerCase()} yet.`}
        older={{ label: "Older rituals", hasNext, loading: isLoadingNext, onLoad: () => loadNext(LOGS_PAGE) }}
      >
        {logs.map(({ node }) => (
          <RitualLogEntry key={node.id} log={node} />
        ))}
      </ScrollingLog>
    </Box>
  );
}
