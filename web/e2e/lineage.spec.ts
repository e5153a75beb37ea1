// The Ancestry Map at /lineage (spec 2 and 9): the SVG forest and its figures, search,
// filters, and the detail panel.
import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { forgeAgent, remixAgent, uniqueName } from "./support/api";
import { steerOperations } from "./support/network";
import { captureScreen } from "./support/screens";

const node = (page: Page, name: string) => page.locator(`[data-node="${name}"]`);

async function position(page: Page, name: string) {
  const transform = await node(page, name).getAttribute("transform");
  const [, x, y] = /translate\(([-\d.]+), ([-\d.]+)\)/.exec(transform!)!.map(Number);
  return { x: x!, y: y! };
}

test("draws the forest on a 1200 x 600 canvas at least: nodes 150 x 80, children 200 apart and 150 below", async ({ page, request }) => {
  // One word shared by the three, so that a search shows this lineage alone.
  const tag = uniqueName("Grove").replace(/\s+/g, "");
  const root = await forgeAgent(request, { name: `${tag} Root` });
  const first = await remixAgent(request, root, { name: `${tag} First Branch` });
  const second = await remixAgent(request, root, { name: `${tag} Second Branch` });
  await page.goto("/lineage");
  await page.getByRole("searchbox", { name: "Search agents on the map" }).fill(tag);
  await expect(page.locator("[data-node]")).toHaveCount(3);
  const svg = page.getByRole("group", { name: "Ancestry map" });
  const [, , width, height] = (await svg.getAttribute("viewBox"))!.split(" ").map(Number);
  expect(width).toBeGreaterThanOrEqual(1200);
  expect(height).toBeGreaterThanOrEqual(600);
  await expect(node(page, root.name).locator("rect")).toHaveAttribute("width", "150");
  await expect(node(page, root.name).locator("rect")).toHaveAttribute("height", "80");
  const [r, a, b] = [await position(page, root.name), await position(page, first.name), await position(page, second.name)];
  expect(a.y - r.y).toBe(150);
  expect(b.y - r.y).toBe(150);
  expect(Math.abs(b.x - a.x)).toBe(200);
  expect(r.x).toBe((a.x + b.x) / 2);
  await expect(svg.locator(`path[data-edge]`).first()).toBeAttached();
});

test("filters All / Ancestors / Remixed and searches", async ({ page, request }) => {
  const tag = uniqueName("Filtered").replace(/\s+/g, "");
  const root = await forgeAgent(request, { name: `${tag} Root` });
  const child = await remixAgent(request, root, { name: `${tag} Child` });
  await page.goto("/lineage");
  await expect(node(page, "Nomenclator")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search agents on the map" }).fill(tag);
  await expect(node(page, child.name)).toBeAttached();
  await expect(page.locator("[data-node]")).toHaveCount(2);

  await page.getByRole("button", { name: "Ancestors", exact: true }).click();
  await expect(page.getByRole("button", { name: "Ancestors", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(node(page, child.name)).toHaveCount(0);
  await expect(node(page, root.name)).toBeAttached();

  await page.getByRole("button", { name: "Remixed", exact: true }).click();
  await expect(node(page, child.name)).toBeAttached();
  await expect(node(page, root.name)).toBeAttached();
  await page.getByRole("searchbox", { name: "Search agents on the map" }).fill("echo haiku");
  await expect(page.getByText("No lineages found")).toBeVisible();

  await page.getByRole("button", { name: "All", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search agents on the map" }).fill("echo haiku");
  await expect(page.locator("[data-node]")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search agents on the map" }).fill("no lineage by this name");
  await expect(page.getByText("No lineages found")).toBeVisible();
});

test("a chosen node opens its detail panel, by click or keyboard, with 'View Full Profile'", async ({ page }) => {
  await page.goto("/lineage");
  await node(page, "Echo Haiku").click();
  const panel = page.getByRole("complementary", { name: "Echo Haiku details" });
  await expect(panel).toContainText("@echo-haiku");
  await expect(panel).toContainText("Gathers the digital echoes");
  await expect(node(page, "Echo Haiku")).toHaveAttribute("aria-pressed", "true");
  await panel.getByRole("button", { name: "Close details" }).click();
  await expect(panel).toHaveCount(0);

  await node(page, "Nomenclator").focus();
  await page.keyboard.press("Enter");
  const nomenclator = page.getByRole("complementary", { name: "Nomenclator details" });
  await nomenclator.getByRole("link", { name: "View Full Profile" }).click();
  await expect(page).toHaveURL("/agent/nomenclator");
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator" })).toBeVisible();
});

test("a map that cannot load says the ritual was interrupted", async ({ page }) => {
  await steerOperations(page, { LineageRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/lineage");
  await expect(page.getByRole("alert")).toContainText("The network could not be reached");
});

test("ancestry map: screenshots and accessibility", async ({ page, request }) => {
  const root = await agentByName(request, "nomenclator");
  await remixAgent(request, root, { name: "Nomenclator of Thresholds" });
  await captureScreen(page, "lineage", async (p) => {
    await p.goto("/lineage");
    await p.getByRole("button", { name: "Remixed", exact: true }).click();
    await node(p, "Nomenclator").click();
    await expect(p.getByRole("complementary", { name: "Nomenclator details" })).toBeVisible();
  }, (p) => [
    // Every lineage other specs have remixed so far (the map's frame, held at its full height
    // by support/screens.css), and the count and day of this one.
    p.getByRole("group", { name: "Ancestry map" }).locator(".."),
    p.getByText(/ · since /),
  ]);
});

async function agentByName(request: APIRequestContext, ref: string) {
  return (await (await request.get(`/api/agents/${ref}`)).json()).agent as { id: string };
}
