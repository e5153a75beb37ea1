// Lays out the Ancestry Map's forest (spec 2 and 9, issue 20): each lineage is a tidy tree
// (d3-hierarchy's Reingold-Tilford layout: each parent centred over its children, subtrees as
// close as their contours allow), nodes 150 x 80, children 200 apart, 150 between levels.
// The trees are set in rows, most recently active first, left to right then down; the rows
// are as wide as makes the whole forest about the canvas' shape (twice as wide as tall), so
// that fitted to the frame it fills it, and never narrower than the canvas (a tree wider than
// a row has a row of its own). Neighbouring trees are 250 apart, across and down. The canvas
// is never smaller than the spec's 1200 x 600.
import { hierarchy, tree, type HierarchyPointNode } from "d3-hierarchy";

export const CANVAS = { width: 1200, height: 600 } as const;
export const NODE = { width: 150, height: 80 } as const;
export const LEVEL_GAP = 150;
export const ROOT_SPACING = 250;
export const CHILD_SPACING = 200;
export const MARGIN = 40;
/** Between a row of trees and the next: their nearest levels are ROOT_SPACING apart. */
export const ROW_GAP = ROOT_SPACING - NODE.height;
/** The shape a large forest is laid out to: the canvas' own. */
const ASPECT = CANVAS.width / CANVAS.height;
/** The narrowest a row of trees is before the next tree starts a row below. */
export const ROW_WIDTH = CANVAS.width - 2 * MARGIN;

export type MapNode = { id: string; parentId: string | null };
/** x: the node's centre; y: its top. `lineage`: the index of its tree in the forest. */
export type Placed = { id: string; x: number; y: number; depth: number; lineage: number };
export type Edge = { from: string; to: string };
export type Layout = { nodes: Placed[]; edges: Edge[]; width: number; height: number };

type Branch = { id: string | null; children: Branch[] };

/**
 * One lineage as a tree under an unseen root: its agents without a parent in the lineage (the
 * origin; an agent whose parent is missing, or caught in a loop) hang from that root.
 */
function branchesOf(nodes: readonly MapNode[], placed: Set<string>): Branch {
  const own = nodes.filter((node) => !placed.has(node.id));
  const ids = new Set(own.map((node) => node.id));
  const children = new Map<string, string[]>();
  for (const node of own) {
    if (node.parentId && node.parentId !== node.id && ids.has(node.parentId)) {
      children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
    }
  }
  const reached = new Set<string>();
  const grow = (id: string): Branch => {
    reached.add(id);
    return { id, children: (children.get(id) ?? []).filter((kid) => !reached.has(kid)).map(grow) };
  };
  const tops: Branch[] = [];
  for (const node of own) {
    const parented = node.parentId && node.parentId !== node.id && ids.has(node.parentId);
    if (!parented && !reached.has(node.id)) tops.push(grow(node.id));
  }
  // What no top reaches is a loop: each is drawn from where it is first met.
  for (const node of own) if (!reached.has(node.id)) tops.push(grow(node.id));
  for (const id of reached) placed.add(id);
  return { id: null, children: tops };
}

const topOf = (node: HierarchyPointNode<Branch>) => node.ancestors().at(-2);

/** Positions (x: centre, y: top) for each lineage's agents, given in the order siblings should appear. */
export function layoutForest(lineages: readonly (readonly MapNode[])[]): Layout {
  const placed = new Set<string>();
  const drawn = lineages
    .map((nodes, lineage) => {
      const root = tree<Branch>()
        .nodeSize([CHILD_SPACING, LEVEL_GAP])
        .separation((a, b) => (topOf(a) === topOf(b) ? 1 : ROOT_SPACING / CHILD_SPACING))(hierarchy(branchesOf(nodes, placed)));
      const members = root.descendants().filter((node) => node.data.id !== null);
      const xs = members.map((node) => node.x);
      return {
        lineage,
        members,
        left: Math.min(...xs),
        width: members.length ? Math.max(...xs) - Math.min(...xs) + NODE.width : 0,
        depth: Math.max(0, ...members.map((node) => node.depth - 1)),
        edges: members.filter((node) => node.parent?.data.id).map((node) => ({ from: node.parent!.data.id!, to: node.data.id! })),
      };
    })
    .filter((lineage) => lineage.members.length > 0);

  // Rows: left to right while the row has room, then a new row below the deepest tree. The
  // room is found in a few tries: from the width at which the trees' areas would make a 2:1
  // rectangle, corrected by the shape each try actually gives.
  const pack = (rowWidth: number) => {
    const spots: { lineage: (typeof drawn)[number]; left: number; top: number }[] = [];
    let rowLeft = 0;
    let rowTop = 0;
    let rowDepth = 0;
    let contentWidth = 0;
    for (const lineage of drawn) {
      if (rowLeft > 0 && rowLeft + lineage.width > rowWidth) {
        rowTop += rowDepth * LEVEL_GAP + NODE.height + ROW_GAP;
        rowLeft = 0;
        rowDepth = 0;
      }
      spots.push({ lineage, left: rowLeft, top: rowTop });
      contentWidth = Math.max(contentWidth, rowLeft + lineage.width);
      rowDepth = Math.max(rowDepth, lineage.depth);
      rowLeft += lineage.width + ROOT_SPACING - NODE.width;
    }
    const contentHeight = drawn.length ? rowTop + rowDepth * LEVEL_GAP + NODE.height : 0;
    const shape = (contentWidth + 2 * MARGIN) / (contentHeight + 2 * MARGIN);
    return { spots, contentWidth, contentHeight, miss: Math.abs(Math.log(shape / ASPECT)) };
  };
  const area = drawn.reduce((sum, lineage) => sum + (lineage.width + ROOT_SPACING - NODE.width) * (lineage.depth * LEVEL_GAP + NODE.height + ROW_GAP), 0);
  let rowWidth = Math.max(ROW_WIDTH, Math.sqrt(area * ASPECT));
  let best = pack(rowWidth);
  for (let tries = 0; tries < 6 && best.miss > 0.1; tries += 1) {
    rowWidth = Math.max(ROW_WIDTH, rowWidth * Math.sqrt(ASPECT / ((best.contentWidth + 2 * MARGIN) / (best.contentHeight + 2 * MARGIN))));
    const next = pack(rowWidth);
    if (next.miss < best.miss) best = next;
  }
  const { spots, contentWidth, contentHeight } = best;

  const width = Math.max(CANVAS.width, contentWidth + 2 * MARGIN);
  const height = Math.max(CANVAS.height, contentHeight + 2 * MARGIN);
  // A forest narrower than the canvas sits in its middle.
  const offsetX = (width - contentWidth) / 2;
  return {
    nodes: spots.flatMap(({ lineage, left, top }) =>
      lineage.members.map((node) => ({
        id: node.data.id!,
        x: offsetX + left + (node.x - lineage.left) + NODE.width / 2,
        y: MARGIN + top + (node.depth - 1) * LEVEL_GAP,
        depth: node.depth - 1,
        lineage: lineage.lineage,
      })),
    ),
    edges: drawn.flatMap((lineage) => lineage.edges),
    width,
    height,
  };
}
