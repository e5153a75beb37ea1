import { describe, expect, it } from "vitest";
import { CANVAS, CHILD_SPACING, LEVEL_GAP, MARGIN, NODE, ROOT_SPACING, ROW_GAP, ROW_WIDTH, layoutForest, type MapNode } from "./layout";

const byId = (layout: ReturnType<typeof layoutForest>) => new Map(layout.nodes.map((node) => [node.id, node]));
const lone = (id: string): MapNode[] => [{ id, parentId: null }];

describe("the ancestry map layout", () => {
  it("keeps the spec's canvas as the smallest size", () => {
    const layout = layoutForest([lone("a")]);
    expect([layout.width, layout.height]).toEqual([CANVAS.width, CANVAS.height]);
    expect(layoutForest([])).toEqual({ nodes: [], edges: [], width: CANVAS.width, height: CANVAS.height });
  });

  it("puts children 200 apart, 150 below their parent, the parent centred, and neighbouring trees 250 apart", () => {
    const layout = layoutForest([
      [
        { id: "root", parentId: null },
        { id: "c1", parentId: "root" },
        { id: "c2", parentId: "root" },
      ],
      lone("other"),
    ]);
    const at = byId(layout);
    expect(at.get("c2")!.x - at.get("c1")!.x).toBe(CHILD_SPACING);
    expect(at.get("c1")!.y - at.get("root")!.y).toBe(LEVEL_GAP);
    expect(at.get("root")!.x).toBe((at.get("c1")!.x + at.get("c2")!.x) / 2);
    expect(at.get("other")!.x - at.get("c2")!.x).toBe(ROOT_SPACING);
    expect(at.get("other")!.y).toBe(at.get("root")!.y);
    expect(layout.edges).toEqual([
      { from: "root", to: "c1" },
      { from: "root", to: "c2" },
    ]);
  });

  it("packs subtrees tidily: a cousin sits 200 from its neighbour, not beyond its uncle's whole subtree", () => {
    const layout = layoutForest([
      [
        { id: "root", parentId: null },
        { id: "a", parentId: "root" },
        { id: "b", parentId: "root" },
        { id: "a1", parentId: "a" },
        { id: "b1", parentId: "b" },
      ],
    ]);
    const at = byId(layout);
    expect(at.get("b1")!.x - at.get("a1")!.x).toBe(CHILD_SPACING);
    expect(at.get("a1")!.x).toBe(at.get("a")!.x);
  });

  it("sets trees in rows, the next row 250 below the deepest level of the last, no row narrower than the canvas", () => {
    const chain: MapNode[] = [
      { id: "deep", parentId: null },
      { id: "deep-1", parentId: "deep" },
    ];
    const layout = layoutForest([chain, ...Array.from({ length: 12 }, (_, i) => lone(`r${i}`))]);
    const at = byId(layout);
    const rows = [...new Set(layout.nodes.filter((node) => node.depth === 0).map((node) => node.y))];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]! - (at.get("deep-1")!.y + NODE.height)).toBe(ROW_GAP);
    expect(rows[1]! - at.get("deep-1")!.y).toBe(ROOT_SPACING);
    // In order of recency, left to right, then on the next row; each row at least the canvas' width.
    const first = layout.nodes.filter((node) => node.y === rows[0]);
    expect(first.map((node) => node.id)).toEqual(["deep", ...Array.from({ length: first.length - 1 }, (_, i) => `r${i}`)]);
    expect(first.at(-1)!.x - first[0]!.x + NODE.width + ROOT_SPACING - NODE.width).toBeGreaterThan(ROW_WIDTH);
    expect(at.get("r0")!.x - at.get("deep")!.x).toBe(ROOT_SPACING);
  });

  it("makes a large forest about the canvas' shape, so that fitted to the frame it fills it", () => {
    const chain = (id: string, length: number): MapNode[] => Array.from({ length }, (_, i) => ({ id: `${id}-${i}`, parentId: i ? `${id}-${i - 1}` : null }));
    const forests = [
      Array.from({ length: 60 }, (_, i) => lone(`lone${i}`)),
      Array.from({ length: 30 }, (_, i) => chain(`deep${i}`, 12)),
      Array.from({ length: 30 }, (_, i) => (i % 3 ? lone(`mixed${i}`) : chain(`mixed${i}`, 6))),
    ];
    for (const forest of forests) {
      const layout = layoutForest(forest);
      const ratio = layout.width / layout.height;
      expect(ratio).toBeGreaterThan(1.2);
      expect(ratio).toBeLessThan(3.5);
    }
  });

  it("gives a tree wider than a row a row of its own and grows the canvas, nodes inside it", () => {
    const wide: MapNode[] = [{ id: "root", parentId: null }, ...Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, parentId: "root" }))];
    const layout = layoutForest([lone("before"), wide, lone("after")]);
    const at = byId(layout);
    expect(layout.width).toBe(19 * CHILD_SPACING + NODE.width + 2 * MARGIN);
    expect(at.get("root")!.y).toBeGreaterThan(at.get("before")!.y);
    expect(at.get("after")!.y).toBeGreaterThan(at.get("root")!.y);
    for (const node of layout.nodes) {
      expect(node.x - NODE.width / 2).toBeGreaterThanOrEqual(0);
      expect(node.x + NODE.width / 2).toBeLessThanOrEqual(layout.width);
      expect(node.y + NODE.height).toBeLessThanOrEqual(layout.height);
    }
  });

  it("draws an agent whose parent is not in its lineage as a root of it, and survives a parent loop", () => {
    const orphan = layoutForest([[{ id: "orphan", parentId: "gone" }]]);
    expect(orphan.nodes[0]!.depth).toBe(0);
    expect(orphan.edges).toEqual([]);
    const loop = layoutForest([
      [
        { id: "a", parentId: "b" },
        { id: "b", parentId: "a" },
        { id: "c", parentId: null },
      ],
    ]);
    expect(loop.nodes.map((node) => node.id).sort()).toEqual(["a", "b", "c"]);
  });

  it("draws an agent met in two lineages once", () => {
    const layout = layoutForest([lone("same"), lone("same")]);
    expect(layout.nodes).toHaveLength(1);
  });
});
