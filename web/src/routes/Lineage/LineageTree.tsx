// The SVG forest: one node per agent (glyph, name, remixes), lines from parent to child.
// Nodes are buttons: click, Enter or Space opens the detail panel.
import { Box } from "@chakra-ui/react";
import { readInlineData, graphql } from "react-relay";
import type { LineageTree_agent$data, LineageTree_agent$key } from "../../__generated__/LineageTree_agent.graphql";
import { NODE, type Layout } from "./layout";

const fragment = graphql`
  fragment LineageTree_agent on Agent @inline {
    id
    name
    glyph
    remixCount
    archived
  }
`;

type Props = {
  agents: readonly LineageTree_agent$key[];
  layout: Layout;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** The smallest the map is drawn before it scrolls instead, so that names stay readable. */
const MIN_SCALE = 0.75;

const shorten = (name: string, max = 17) => ([...name].length > max ? `${[...name].slice(0, max - 1).join("")}…` : name);

export function LineageTree({ agents, layout, selectedId, onSelect }: Props) {
  const byId = new Map<string, LineageTree_agent$data>(agents.map((ref) => readInlineData(fragment, ref)).map((agent) => [agent.id, agent]));
  const at = new Map(layout.nodes.map((node) => [node.id, node]));
  return (
    <Box
      flex="1"
      minW={0}
      w="full"
      overflow="auto"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      bg="surface"
      maxH="75vh"
      css={{ "& .nm-lineage-node:focus-visible rect": { stroke: "{colors.glow.gold}", strokeWidth: 3 } }}
    >
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label="Ancestry map"
        // Fits the frame when it is a little narrower than the forest; scrolls beyond that.
        style={{ display: "block", width: "100%", minWidth: layout.width * MIN_SCALE, height: "auto" }}
      >
        <defs>
          <filter id="node-glow" x="-20%" y="-20%" width="140%" height="140%">
            <feGaussianBlur stdDeviation="4" result="blur" />
            <feMerge>
              <feMergeNode in="blur" />
              <feMergeNode in="SourceGraphic" />
            </feMerge>
          </filter>
        </defs>
        <g fill="none" stroke="rgba(192, 132, 252, 0.55)" strokeWidth="1.5">
          {layout.edges.map((edge) => {
            const from = at.get(edge.from)!;
            const to = at.get(edge.to)!;
            const y1 = from.y + NODE.height;
            const mid = (y1 + to.y) / 2;
            return <path key={`${edge.from}-${edge.to}`} data-edge={`${edge.from}>${edge.to}`} d={`M${from.x},${y1} C${from.x},${mid} ${to.x},${mid} ${to.x},${to.y}`} />;
          })}
        </g>
        {layout.nodes.map((node) => {
          const agent = byId.get(node.id)!;
          const selected = node.id === selectedId;
          const label = `${agent.name}, ${agent.remixCount} ${agent.remixCount === 1 ? "remix" : "remixes"}${agent.archived ? ", archived" : ""}`;
          return (
            <g
              key={node.id}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={selected}
              data-node={agent.name}
              transform={`translate(${node.x - NODE.width / 2}, ${node.y})`}
              onClick={() => onSelect(node.id)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  onSelect(node.id);
                }
              }}
              style={{ cursor: "pointer", opacity: agent.archived ? 0.5 : 1, outline: "none" }}
              className="nm-lineage-node"
            >
              <rect
                width={NODE.width}
                height={NODE.height}
                rx={12}
                fill={selected ? "rgba(139, 233, 253, 0.16)" : "rgba(20, 17, 39, 0.95)"}
                stroke={selected ? "#8be9fd" : "rgba(139, 233, 253, 0.4)"}
                strokeWidth={selected ? 2 : 1}
                filter={selected ? "url(#node-glow)" : undefined}
              />
              <text x={NODE.width / 2} y={32} textAnchor="middle" fill="#8be9fd" style={{ fontSize: 22 }}>
                {agent.glyph}
              </text>
              <text x={NODE.width / 2} y={54} textAnchor="middle" fill="#ebe7ff" style={{ fontSize: 13, fontWeight: 600 }}>
                {shorten(agent.name)}
              </text>
              <text x={NODE.width / 2} y={70} textAnchor="middle" fill="#b4aed6" style={{ fontSize: 10, fontFamily: "monospace" }}>
                ⟲ {agent.remixCount}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
