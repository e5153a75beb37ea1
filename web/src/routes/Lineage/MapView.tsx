// One forest, drawn for the screen it is on: the pannable canvas from tablets up, the
// vertical list on phones; the chosen agent's panel with either.
import { Box, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { graphql, readInlineData } from "react-relay";
import type { MapView_agent$key } from "../../__generated__/MapView_agent.graphql";
import { ForestCanvas } from "./ForestCanvas";
import { LineageDetail } from "./LineageDetail";
import { LineageList } from "./LineageList";
import { readForest } from "./forest";
import { layoutForest } from "./layout";

const agentFragment = graphql`
  fragment MapView_agent on Agent @inline {
    id
    ...forest_agent
    ...LineageDetail_agent
  }
`;

type Props = {
  /** Each lineage's agents, its origin first, parents before children. */
  lineages: readonly (readonly MapView_agent$key[])[];
  search: string | null;
  focusId?: string | null;
  viewKey: string;
  empty: string;
  busy?: boolean;
};

export function MapView({ lineages, search, focusId = null, viewKey, empty, busy = false }: Props) {
  const [forest, details] = useMemo(() => {
    const agents = lineages.map((lineage) => lineage.map((ref) => readInlineData(agentFragment, ref)));
    return [readForest(agents), new Map(agents.flat().map((agent) => [agent.id, agent]))] as const;
  }, [lineages]);
  const [chosen, setChosen] = useState<string | null>(focusId);
  // A choice no longer drawn (another filter or search) is let go.
  const selectedId = chosen && forest.byId.has(chosen) ? chosen : null;
  const layout = useMemo(
    () => layoutForest(forest.lineages.map((lineage) => lineage.map((agent) => ({ id: agent.id, parentId: agent.parent?.id ?? null })))),
    [forest],
  );
  const detail = selectedId ? details.get(selectedId) : undefined;
  const panel = detail ? <LineageDetail agent={detail} focused={selectedId === focusId} onClose={() => setChosen(null)} /> : null;

  if (forest.lineages.length === 0) {
    return (
      <Text color="fg.muted" py={16} textAlign="center" w="full" textStyle="terminal">
        {empty}
      </Text>
    );
  }
  return (
    <Box opacity={busy ? 0.6 : 1} transition="opacity 0.2s" aria-busy={busy}>
      <Box hideBelow="md">
        <ForestCanvas
          forest={forest}
          layout={layout}
          selectedId={selectedId}
          onSelect={setChosen}
          search={search}
          focusId={focusId}
          viewKey={viewKey}
          panel={panel}
        />
      </Box>
      <Box hideFrom="md">
        <LineageList forest={forest} selectedId={selectedId} onSelect={setChosen} search={search} focusId={focusId} panel={panel} />
      </Box>
    </Box>
  );
}
