// The Ancestry Map at /lineage (spec 2 and 9) on the suite's shared server, where other specs
// forge and remix as it runs: each test finds its own lineages by search or focus. Its
// figures, filters, detail panel, focus from a profile, and a map that cannot load. The map
// at scale (5,000 agents, pan, zoom, more by cursor, screenshots) is lineage-scale.spec.ts.
import { expect, test, type Page } from "./support/test";
import { forgeAgent, remixAgent, uniqueName } from "./support/api";
import { steerOperations } from "./support/network";

const node = (page: Page, name: string) => page.locator(`[data-node="${name}"]`);
const search = (page: Page) => page.getByRole("searchbox", { name: "Search agents on the map" });

async function position(page: Page, name: string) {
  const transform = await node(page, name).getAttribute("transform");
  const [, x, y] = /translate\(([-\d.]+), ([-\d.]+)\)/.exec(transform!)!.map(Number);
  return { x: x!, y: y! };
}

test("draws a lineage as a tree on the spec's 1200 x 600 canvas: nodes 150 x 80, children 200 apart and 150 below", async ({ page, request }) => {
  // One word shared by the three, so that a search shows this lineage alone.
  const tag = uniqueName("Grove").replace(/\s+/g, "");
  const root = await forgeAgent(request, { name: `${tag} Root` });
  const first = await remixAgent(request, root, { name: `${tag} First Branch` });
  const second = await remixAgent(request, root, { name: `${tag} Second Branch` });
  await page.goto("/lineage");
  await search(page).fill(tag);
  await expect(page.locator("[data-node]")).toHaveCount(3);
  const frame = (await page.getByRole("region", { name: "Ancestry map" }).boundingBox())!;
  expect([frame.width, frame.height]).toEqual([1200, 600]);
  await expect(page.getByRole("status", { name: "Zoom 100%" })).toBeVisible();
  await expect(node(page, root.name).locator("rect")).toHaveAttribute("width", "150");
  await expect(node(page, root.name).locator("rect")).toHaveAttribute("height", "80");
  const [r, a, b] = [await position(page, root.name), await position(page, first.name), await position(page, second.name)];
  expect(a.y - r.y).toBe(150);
  expect(b.y - r.y).toBe(150);
  expect(Math.abs(b.x - a.x)).toBe(200);
  expect(r.x).toBe((a.x + b.x) / 2);
  await expect(page.locator("path[data-edge]")).toHaveCount(2);
  // The search's matches are outlined: here, all three.
  await expect(page.locator("[data-node][data-marked]")).toHaveCount(3);
});

test("filters All / Ancestors / Remixed and searches", async ({ page, request }) => {
  const tag = uniqueName("Filtered").replace(/\s+/g, "");
  const root = await forgeAgent(request, { name: `${tag} Root` });
  const child = await remixAgent(request, root, { name: `${tag} Child` });
  await page.goto("/lineage");
  await expect(page.getByText(/most recently active lineages/)).toBeVisible();
  await search(page).fill(tag);
  await expect(node(page, child.name)).toBeAttached();
  await expect(page.locator("[data-node]")).toHaveCount(2);
  await expect(page.getByText(`1 lineage with an agent named or described like “${tag}”, most recently active first.`)).toBeVisible();

  // Ancestors: the origins alone.
  await page.getByRole("button", { name: "Ancestors", exact: true }).click();
  await expect(page.getByRole("button", { name: "Ancestors", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(node(page, child.name)).toHaveCount(0);
  await expect(node(page, root.name)).toBeAttached();

  await page.getByRole("button", { name: "Remixed", exact: true }).click();
  await expect(node(page, child.name)).toBeAttached();
  await expect(node(page, root.name)).toBeAttached();
  await search(page).fill("echo haiku");
  await expect(page.getByText("No lineages found")).toBeVisible();

  await page.getByRole("button", { name: "All", exact: true }).click();
  await search(page).fill("echo haiku");
  await expect(page.locator("[data-node]")).toHaveCount(1);
  await search(page).fill("qwzx vbnrt");
  await expect(page.getByText("No lineages found")).toBeVisible();
});

test("a chosen node opens its detail panel, by click or keyboard, with 'View Full Profile'", async ({ page }) => {
  await page.goto("/lineage");
  await search(page).fill("Echo Haiku");
  await node(page, "Echo Haiku").click();
  const panel = page.getByRole("complementary", { name: "Echo Haiku details" });
  await expect(panel).toContainText("@echo-haiku");
  await expect(panel).toContainText("Gathers the digital echoes");
  await expect(node(page, "Echo Haiku")).toHaveAttribute("aria-pressed", "true");
  await panel.getByRole("button", { name: "Close details" }).click();
  await expect(panel).toHaveCount(0);

  await search(page).fill("Nomenclator");
  await node(page, "Nomenclator").focus();
  await page.keyboard.press("Enter");
  const nomenclator = page.getByRole("complementary", { name: "Nomenclator details" });
  await nomenclator.getByRole("link", { name: "View Full Profile" }).click();
  await expect(page).toHaveURL("/agent/nomenclator");
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator" })).toBeVisible();
});

test("a profile's lineage card opens the map focused on that agent's tree: ancestors and descendants, not its cousins", async ({ page, request }) => {
  const tag = uniqueName("Focal").replace(/\s+/g, "");
  const root = await forgeAgent(request, { name: `${tag} Root` });
  const middle = await remixAgent(request, root, { name: `${tag} Middle` });
  const cousin = await remixAgent(request, root, { name: `${tag} Cousin` });
  const leaf = await remixAgent(request, middle, { name: `${tag} Leaf` });
  await page.goto(`/agents/${middle.id}`);
  await page.getByRole("region", { name: "Lineage" }).getByRole("link", { name: "Open the full ancestry map →" }).click();
  await expect(page).toHaveURL(`/lineage?focus=${middle.id}`);
  await expect(page.getByText(`The tree of ${middle.name}: its ancestors and its descendants.`)).toBeVisible();
  await expect(page.locator("[data-node]")).toHaveCount(3);
  for (const agent of [root, middle, leaf]) await expect(node(page, agent.name)).toBeAttached();
  await expect(node(page, cousin.name)).toHaveCount(0);
  await expect(node(page, root.name)).toHaveAttribute("aria-label", `${root.name}, 2 remixes, 1 not drawn`);
  await expect(node(page, middle.name)).toHaveAttribute("data-marked", "true");
  await expect(page.getByRole("complementary", { name: `${middle.name} details` })).toBeVisible();

  await page.goto("/lineage?focus=00000000-0000-7000-8000-000000000000");
  await expect(page.getByText("No agent by this id to focus on")).toBeVisible();
  await page.getByRole("link", { name: "← All lineages" }).click();
  await expect(page.getByText(/most recently active lineages/)).toBeVisible();
});

test("a map that cannot load says the ritual was interrupted", async ({ page }) => {
  await steerOperations(page, { LineageRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/lineage");
  await expect(page.getByRole("alert")).toContainText("The network could not be reached");
});
