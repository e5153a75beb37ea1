// The forest on the spec's canvas: 1200 x 600 and nodes 150 x 80 at the first zoom level,
// panned and zoomed with d3-zoom (drag; pinch or Ctrl + wheel; the arrow keys, + and -, 0 for
// the actual size and F to fit; buttons for each). Nodes are buttons: click, Enter or Space
// chooses one, and the map moves a chosen or focused node into view, clear of the chosen
// agent's panel, which lies over the canvas' right side.
import { Box, Button, Flex, Text, chakra } from "@chakra-ui/react";
import { select } from "d3-selection";
import { zoom, zoomIdentity, zoomTransform, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { colorVar } from "../../theme";
import { panelRecipe } from "../../theme/recipes";
import { describeAgent, matches, type Forest } from "./forest";
import { CANVAS, NODE, type Layout } from "./layout";

/** The canvas' frame: a panel the drawing fills. */
const Frame = chakra("div", panelRecipe);

const MIN_ZOOM = 0.05;
const MAX_ZOOM = 2;
const ZOOM_STEP = 1.25;
/** How far an arrow key moves the map, in screen pixels. */
const PAN_STEP = 100;
/** The chosen agent's panel, over the canvas' right side (when the canvas is wide enough to share). */
export const PANEL = { width: 320, inset: 16, minCanvas: 640 } as const;
/** How close to the canvas' edges a node may sit and still count as in view. */
const EDGE = 16;
/** The drawing's theme colours, as CSS variables for the SVG's attributes. */
const COLOUR = {
  edge: colorVar("lineage.edge"),
  node: colorVar("lineage.node"),
  nodeSelected: colorVar("lineage.nodeSelected"),
  nodeBorder: colorVar("lineage.nodeBorder"),
  marked: colorVar("glow.gold"),
  selected: colorVar("glow.cyan"),
  glyph: colorVar("glow.cyan"),
  name: colorVar("fg"),
  count: colorVar("fg.muted"),
};

type Props = {
  forest: Forest;
  layout: Layout;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The search typed: agents whose names hold it are outlined. */
  search: string | null;
  /** The agent whose tree is in focus, outlined and brought into view first. */
  focusId?: string | null;
  /** A new key (another filter, search or focus) starts again from the first view. */
  viewKey: string;
  panel: ReactNode;
};

const shorten = (name: string, max = 17) => ([...name].length > max ? `${[...name].slice(0, max - 1).join("")}…` : name);

export function ForestCanvas({ forest, layout, selectedId, onSelect, search, focusId = null, viewKey, panel }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  const sceneRef = useRef<SVGGElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const behaviorRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [scale, setScale] = useState(1);
  const helpId = useId();
  const at = useMemo(() => new Map(layout.nodes.map((node) => [node.id, node])), [layout]);

  useEffect(() => {
    const svg = select(svgRef.current!);
    const behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([MIN_ZOOM, MAX_ZOOM])
      // The wheel scrolls the page past the map; with Ctrl or ⌘ (and a trackpad's pinch, which
      // comes as such) it zooms. Otherwise d3's own rule: no secondary button, no Ctrl-drag.
      .filter((event: MouseEvent) => (event.type === "wheel" ? event.ctrlKey || event.metaKey : !event.ctrlKey && !event.button))
      .on("zoom", (event: { transform: ZoomTransform }) => {
        sceneRef.current?.setAttribute("transform", event.transform.toString());
        setScale(event.transform.k);
      });
    svg.call(behavior).on("dblclick.zoom", null);
    behaviorRef.current = behavior;
    return () => {
      svg.on(".zoom", null);
    };
  }, []);

  const viewport = () => {
    const box = svgRef.current?.getBoundingClientRect();
    return { width: box?.width || CANVAS.width, height: box?.height || CANVAS.height };
  };
  const apply = (change: (behavior: ZoomBehavior<SVGSVGElement, unknown>, svg: ReturnType<typeof select<SVGSVGElement, unknown>>) => void) => {
    if (behaviorRef.current && svgRef.current) change(behaviorRef.current, select(svgRef.current));
  };

  /** The first view: actual size, the forest's top, centred when it is narrower than the frame. */
  const firstView = useCallback(() => {
    if (layout.nodes.length === 0) return zoomIdentity;
    const { width } = viewport();
    const left = Math.min(...layout.nodes.map((node) => node.x)) - NODE.width / 2;
    const right = Math.max(...layout.nodes.map((node) => node.x)) + NODE.width / 2;
    const x = right - left + 2 * EDGE <= width ? (width - (right - left)) / 2 - left : EDGE * 2 - left;
    return zoomIdentity.translate(x, 0);
  }, [layout]);

  /** Moves the map so that a node is in view, clear of the panel; nothing moves if it already is. */
  const reveal = useCallback(
    (id: string, withPanel: boolean) => {
      const node = at.get(id);
      if (!node || !svgRef.current) return;
      const { width, height } = viewport();
      const free = withPanel && width >= PANEL.minCanvas ? width - PANEL.width - 2 * PANEL.inset : width;
      const t = zoomTransform(svgRef.current);
      const [left, top] = t.apply([node.x - NODE.width / 2, node.y]);
      const [right, bottom] = t.apply([node.x + NODE.width / 2, node.y + NODE.height]);
      if (left >= EDGE && right <= free - EDGE && top >= EDGE && bottom <= height - EDGE) return;
      apply((behavior, svg) => behavior.translateTo(svg, node.x, node.y + NODE.height / 2, [free / 2, height / 2]));
    },
    [at],
  );

  // A new view starts from its first view; a focused tree brings its agent into view.
  useEffect(() => {
    apply((behavior, svg) => behavior.transform(svg, firstView()));
    if (focusId) reveal(focusId, true);
    // Only a new view resets the map: more lineages loaded keep the view as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey]);

  const hasPanel = panel !== null;
  useEffect(() => {
    if (selectedId) reveal(selectedId, hasPanel);
  }, [selectedId, hasPanel, reveal]);

  const fit = () => {
    if (layout.nodes.length === 0) return;
    const { width, height } = viewport();
    const xs = layout.nodes.map((node) => node.x);
    const ys = layout.nodes.map((node) => node.y);
    const [x0, x1] = [Math.min(...xs) - NODE.width / 2 - EDGE, Math.max(...xs) + NODE.width / 2 + EDGE];
    const [y0, y1] = [Math.min(...ys) - EDGE, Math.max(...ys) + NODE.height + EDGE];
    const k = Math.max(MIN_ZOOM, Math.min(1, width / (x1 - x0), height / (y1 - y0)));
    apply((behavior, svg) =>
      behavior.transform(
        svg,
        zoomIdentity
          .translate(width / 2, height / 2)
          .scale(k)
          .translate(-(x0 + x1) / 2, -(y0 + y1) / 2),
      ),
    );
  };
  const zoomBy = (factor: number) => apply((behavior, svg) => behavior.scaleBy(svg, factor));
  const actualSize = () => apply((behavior, svg) => behavior.scaleTo(svg, 1));
  const panBy = (dx: number, dy: number) => apply((behavior, svg) => behavior.translateBy(svg, dx / scale, dy / scale));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (panelRef.current?.contains(event.target as Node) || (event.target as HTMLElement).closest?.("[data-map-controls]")) return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(PAN_STEP, 0),
      ArrowRight: () => panBy(-PAN_STEP, 0),
      ArrowUp: () => panBy(0, PAN_STEP),
      ArrowDown: () => panBy(0, -PAN_STEP),
      "+": () => zoomBy(ZOOM_STEP),
      "=": () => zoomBy(ZOOM_STEP),
      "-": () => zoomBy(1 / ZOOM_STEP),
      _: () => zoomBy(1 / ZOOM_STEP),
      "0": actualSize,
      f: fit,
      F: fit,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const nodes = useMemo(
    () => <ForestNodes forest={forest} layout={layout} selectedId={selectedId} onSelect={onSelect} onReveal={reveal} search={search} focusId={focusId} />,
    [forest, layout, selectedId, onSelect, reveal, search, focusId],
  );

  return (
    <Box>
      <Frame
        role="region"
        aria-label="Ancestry map"
        aria-describedby={helpId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        position="relative"
        w="full"
        h={`${CANVAS.height}px`}
        maxW={`${CANVAS.width}px`}
        mx="auto"
        overflow="hidden"
        css={{ "& .nm-lineage-node:focus-visible rect": { stroke: "{colors.glow.gold}", strokeWidth: 3 } }}
      >
        <svg ref={svgRef} width="100%" height="100%" role="group" aria-label="Lineage trees" style={{ display: "block", cursor: "grab" }}>
          <defs>
            <filter id="node-glow" x="-20%" y="-20%" width="140%" height="140%">
              <feGaussianBlur stdDeviation="4" result="blur" />
              <feMerge>
                <feMergeNode in="blur" />
                <feMergeNode in="SourceGraphic" />
              </feMerge>
            </filter>
          </defs>
          <g ref={sceneRef} data-scene>
            {nodes}
          </g>
        </svg>
        <Flex
          data-map-controls
          position="absolute"
          bottom={3}
          left={3}
          gap={1}
          align="center"
          bg="bg/80"
          borderRadius="md"
          p={1}
          borderWidth="1px"
          borderColor="border"
        >
          <MapButton label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
            +
          </MapButton>
          <MapButton label="Zoom out" onClick={() => zoomBy(1 / ZOOM_STEP)}>
            −
          </MapButton>
          <MapButton label="Fit the map to the frame" onClick={fit}>
            Fit
          </MapButton>
          <MapButton label="Actual size" onClick={actualSize}>
            1:1
          </MapButton>
          <Text
            role="status"
            aria-label={`Zoom ${Math.round(scale * 100)}%`}
            px={2}
            textStyle="terminal"
            fontSize="xs"
            color="fg.muted"
            minW="6ch"
            textAlign="end"
          >
            {Math.round(scale * 100)}%
          </Text>
        </Flex>
        {panel && (
          <Box
            ref={panelRef}
            position="absolute"
            top={`${PANEL.inset}px`}
            right={`${PANEL.inset}px`}
            w={`${PANEL.width}px`}
            maxH={`calc(100% - ${2 * PANEL.inset}px)`}
            overflowY="auto"
            bg="bg"
            borderRadius="xl"
          >
            {panel}
          </Box>
        )}
      </Frame>
      <Text id={helpId} mt={2} fontSize="xs" color="fg.subtle" textAlign="center">
        Drag to move the map; pinch, or scroll with Ctrl or ⌘, to zoom. With the map focused, the arrow keys pan, + and − zoom, 0 returns to actual size and F
        fits the map to the frame; Tab moves from agent to agent.
      </Text>
    </Box>
  );
}

function MapButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" size="xs" variant="ghost" color="accent" aria-label={label} title={label} onClick={onClick} minW="8" fontFamily="mono">
      {children}
    </Button>
  );
}

type NodesProps = {
  forest: Forest;
  layout: Layout;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onReveal: (id: string, withPanel: boolean) => void;
  search: string | null;
  focusId: string | null;
};

/** The edges and nodes, drawn again only when the forest or the choice changes (not while panning). */
const ForestNodes = memo(function ForestNodes({ forest, layout, selectedId, onSelect, onReveal, search, focusId }: NodesProps) {
  const at = new Map(layout.nodes.map((node) => [node.id, node]));
  return (
    <>
      <g fill="none" stroke={COLOUR.edge} strokeWidth="1.5">
        {layout.edges.map((edge) => {
          const from = at.get(edge.from)!;
          const to = at.get(edge.to)!;
          const y1 = from.y + NODE.height;
          const mid = (y1 + to.y) / 2;
          return (
            <path
              key={`${edge.from}-${edge.to}`}
              data-edge={`${edge.from}>${edge.to}`}
              d={`M${from.x},${y1} C${from.x},${mid} ${to.x},${mid} ${to.x},${to.y}`}
            />
          );
        })}
      </g>
      {layout.nodes.map((node) => {
        const agent = forest.byId.get(node.id)!;
        const hidden = forest.hidden.get(node.id) ?? 0;
        const selected = node.id === selectedId;
        const marked = matches(agent.name, search) || node.id === focusId;
        return (
          <g
            key={node.id}
            role="button"
            tabIndex={0}
            aria-label={describeAgent(agent, hidden)}
            aria-pressed={selected}
            data-node={agent.name}
            data-depth={node.depth}
            data-origin={node.depth === 0 || undefined}
            data-marked={marked || undefined}
            transform={`translate(${node.x - NODE.width / 2}, ${node.y})`}
            onClick={() => onSelect(node.id)}
            onFocus={() => onReveal(node.id, selectedId !== null)}
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
              fill={selected ? COLOUR.nodeSelected : COLOUR.node}
              stroke={marked ? COLOUR.marked : selected ? COLOUR.selected : COLOUR.nodeBorder}
              strokeWidth={selected || marked ? 2 : 1}
              filter={selected ? "url(#node-glow)" : undefined}
            />
            <text x={NODE.width / 2} y={32} textAnchor="middle" fill={COLOUR.glyph} style={{ fontSize: 22 }}>
              {agent.glyph}
            </text>
            <text x={NODE.width / 2} y={54} textAnchor="middle" fill={COLOUR.name} style={{ fontSize: 13, fontWeight: 600 }}>
              {shorten(agent.name)}
            </text>
            <text x={NODE.width / 2} y={70} textAnchor="middle" fill={COLOUR.count} style={{ fontSize: 10, fontFamily: "monospace" }}>
              ⟲ {agent.remixCount}
              {hidden > 0 ? ` · +${hidden} more` : ""}
            </text>
          </g>
        );
      })}
    </>
  );
});
