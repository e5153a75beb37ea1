// The map on a phone: each lineage as a vertical tree, an outline whose every level is indented
// under its parent, read from top to bottom. The chosen agent's panel opens right below it.
import { Box, Stack, Text, chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { panelRecipe } from "../../theme/recipes";
import { describeAgent, matches, type Forest, type ForestAgent } from "./forest";

const Panel = chakra("li", panelRecipe);
const Item = chakra("button");

type Props = {
  forest: Forest;
  selectedId: string | null;
  onSelect: (id: string) => void;
  search: string | null;
  focusId?: string | null;
  panel: ReactNode;
};

export function LineageList({ forest, selectedId, onSelect, search, focusId = null, panel }: Props) {
  return (
    <Stack as="ol" gap={4} aria-label="Lineages" listStyleType="none" m={0} p={0}>
      {forest.lineages.map((lineage) => {
        const ids = new Set(lineage.map((agent) => agent.id));
        // The origin, and any agent whose parent the lineage does not draw.
        const tops = lineage.filter((agent) => !agent.parent || !ids.has(agent.parent.id));
        return (
          <Panel key={lineage[0]!.id} p={3} overflowX="auto">
            <Box as="ul" listStyleType="none" m={0} p={0}>
              {tops.map((agent) => (
                <Branch
                  key={agent.id}
                  agent={agent}
                  forest={forest}
                  selectedId={selectedId}
                  onSelect={onSelect}
                  search={search}
                  focusId={focusId}
                  panel={panel}
                />
              ))}
            </Box>
          </Panel>
        );
      })}
    </Stack>
  );
}

function Branch({ agent, forest, ...props }: Omit<Props, "forest"> & { forest: Forest; agent: ForestAgent }) {
  const { selectedId, onSelect, search, focusId, panel } = props;
  const kids = forest.children.get(agent.id) ?? [];
  const hidden = forest.hidden.get(agent.id) ?? 0;
  const selected = agent.id === selectedId;
  const marked = matches(agent.name, search) || agent.id === focusId;
  return (
    <Box as="li">
      <Item
        type="button"
        data-lineage-item={agent.name}
        data-marked={marked || undefined}
        aria-pressed={selected}
        aria-label={describeAgent(agent, hidden)}
        onClick={() => onSelect(agent.id)}
        display="flex"
        alignItems="center"
        gap={2}
        w="full"
        textAlign="start"
        px={2}
        py={1.5}
        my={0.5}
        borderRadius="md"
        borderWidth="1px"
        borderColor={marked ? "glow.gold" : selected ? "accent" : "transparent"}
        bg={selected ? "bg.selected" : "transparent"}
        opacity={agent.archived ? 0.5 : 1}
        cursor="pointer"
      >
        <Text as="span" color="accent" fontSize="lg" aria-hidden>
          {agent.glyph}
        </Text>
        <Text as="span" fontWeight="semibold" flex="1" minW={0} truncate>
          {agent.name}
        </Text>
        <Text as="span" textStyle="terminal" fontSize="xs" color="fg.muted" flexShrink={0} aria-hidden>
          ⟲ {agent.remixCount}
          {hidden > 0 ? ` · +${hidden}` : ""}
        </Text>
      </Item>
      {selected && <Box my={2}>{panel}</Box>}
      {kids.length > 0 && (
        <Box as="ul" listStyleType="none" m={0} ps={2} ms={2.5} borderStartWidth="1px" borderColor="border.violet">
          {kids.map((kid) => (
            <Branch key={kid.id} agent={kid} forest={forest} {...props} />
          ))}
        </Box>
      )}
    </Box>
  );
}
