import { describe, expect, it } from "vitest";
import { CANVAS, CHILD_SPACING, LEVEL_GAP, NODE, ROOT_SPACING, layoutForest } from "./layout";

const byId = (layout: ReturnType<typeof layoutForest>) => new Map(layout.nodes.map((node) => [node.id, node]));

describe("the ancestry map layout", () => {
  it("keeps the spec's canvas as the smallest size", () => {
    const layout = layoutForest([{ id: "a", parentId: null }]);
    expect([layout.width, layout.height]).toEqual([CANVAS.width, CANVAS.height]);
  });

  it("puts roots 250 apart and children 200 apart, 150 below their parent, parent centred", () => {
    const layout = layoutForest([
      { id: "root", parentId: null },
      { id: "other", parentId: null },
      { id: "c1", parentId: "root" },
      { id: "c2", parentId: "root" },
    ]);
    const at = byId(layout);
    expect(at.get("c2")!.x - at.get("c1")!.x).toBe(CHILD_SPACING);
    expect(at.get("c1")!.y - at.get("root")!.y).toBe(LEVEL_GAP);
    expect(at.get("root")!.x).toBe((at.get("c1")!.x + at.get("c2")!.x) / 2);
    expect(at.get("other")!.x - at.get("c2")!.x).toBe(ROOT_SPACING);
    expect(layout.edges).toEqual([
      { from: "root", to: "c1" },
      { from: "root", to: "c2" },
    ]);
  });

  it("draws an agent whose parent is not on the map as a root", () => {
    const layout = layoutForest([{ id: "orphan", parentId: "gone" }]);
    expect(layout.nodes[0]!.depth).toBe(0);
    expect(layout.edges).toEqual([]);
  });

  it("grows the canvas to fit a wide forest, nodes inside it", () => {
    const nodes = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, parentId: null }));
    const layout = layoutForest(nodes);
    expect(layout.width).toBeGreaterThan(CANVAS.width);
    for (const node of layout.nodes) {
      expect(node.x - NODE.width / 2).toBeGreaterThanOrEqual(0);
      expect(node.x + NODE.width / 2).toBeLessThanOrEqual(layout.width);
    }
  });

  it("survives a parent loop without recursing forever", () => {
    const layout = layoutForest([
      { id: "a", parentId: "b" },
      { id: "b", parentId: "a" },
      { id: "c", parentId: null },
    ]);
    expect(layout.nodes).toHaveLength(3);
  });
});
