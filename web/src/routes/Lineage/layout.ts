// Lays out the Ancestry Map's forest (spec 2 and 9): canvas 1200 x 600 at least, nodes 150 x 80,
// 150 between levels, children 200 apart, neighbouring trees 250 apart. Each parent sits
// centred over its children; an agent whose parent is not on the map is drawn as a root.
export const CANVAS = { width: 1200, height: 600 } as const;
export const NODE = { width: 150, height: 80 } as const;
export const LEVEL_GAP = 150;
export const ROOT_SPACING = 250;
export const CHILD_SPACING = 200;
export const MARGIN = 40;

export type MapNode = { id: string; parentId: string | null };
export type Placed = { id: string; x: number; y: number; depth: number };
export type Layout = { nodes: Placed[]; edges: { from: string; to: string }[]; width: number; height: number };

/** Positions (x: centre, y: top) for `nodes`, given in the order siblings should appear. */
export function layoutForest(nodes: readonly MapNode[]): Layout {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const node of nodes) {
    if (node.parentId && ids.has(node.parentId) && node.parentId !== node.id) {
      children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
    } else {
      roots.push(node.id);
    }
  }

  const placed = new Map<string, { x: number; depth: number }>();
  const edges: Layout["edges"] = [];
  let nextLeafX = 0;
  let deepest = 0;

  const place = (id: string, depth: number): number => {
    deepest = Math.max(deepest, depth);
    const kids = (children.get(id) ?? []).filter((kid) => !placed.has(kid));
    placed.set(id, { x: 0, depth });
    let x: number;
    if (kids.length === 0) {
      x = nextLeafX;
      nextLeafX += CHILD_SPACING;
    } else {
      const xs = kids.map((kid) => {
        edges.push({ from: id, to: kid });
        return place(kid, depth + 1);
      });
      x = (xs[0]! + xs[xs.length - 1]!) / 2;
    }
    placed.set(id, { x, depth });
    return x;
  };

  // Roots first; then anything a broken parent chain left unreached (a loop) as a root too.
  const starts = [...roots, ...nodes.map((node) => node.id)];
  for (const id of starts) {
    if (placed.has(id)) continue;
    if (placed.size > 0) nextLeafX += ROOT_SPACING - CHILD_SPACING;
    place(id, 0);
  }

  const spanX = nodes.length ? nextLeafX - CHILD_SPACING : 0;
  const contentWidth = spanX + NODE.width;
  const contentHeight = deepest * LEVEL_GAP + NODE.height;
  const width = Math.max(CANVAS.width, contentWidth + 2 * MARGIN);
  const height = Math.max(CANVAS.height, contentHeight + 2 * MARGIN);
  const offsetX = (width - contentWidth) / 2 + NODE.width / 2;
  const offsetY = nodes.length && deepest === 0 ? (height - NODE.height) / 2 : MARGIN;

  return {
    nodes: nodes.map((node) => {
      const spot = placed.get(node.id)!;
      return { id: node.id, x: spot.x + offsetX, y: spot.depth * LEVEL_GAP + offsetY, depth: spot.depth };
    }),
    edges,
    width,
    height,
  };
}
