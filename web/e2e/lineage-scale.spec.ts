// The Ancestry Map on a network of 5,000 agents (issue 20): two years of history written by
// SQL into a private server's database (scripts/e2e-forest.ts, the same every run), so the
// map must show what matters now: the most recently active lineages as trees, more by cursor,
// a lineage found anywhere in history, one agent's tree in focus; panned and zoomed by mouse,
// buttons and keyboard, with the spec's sizes at the first zoom level.
import { expect, test, type Locator, type Page } from "./support/test";
import { runScript, startPrivateServer, type PrivateServer } from "./support/private-server";
import { captureScreen } from "./support/screens";

// The forest's most recently active origins, newest first (its seed is deterministic).
const NEWEST_ORIGINS = ["Feral Weaver 3700", "Sable Warden 57", "Velvet Rune 1"];
const ELEVENTH_ORIGIN = "Pale Oracle 956";
// A remix three generations down a lineage last active 13 months before the history's end
// (the 2,246th of 3,700 by activity): far beyond any page a visitor would scroll to.
const DEEP_MATCH = { name: "Pale Herald 4650", origin: "Lunar Drift 230" };
// A lineage of four generations near the top: Sable Warden 57 > Lunar Lantern 4002 > Ashen
// Tide 4298 > its two remixes; Lunar Lantern 4002 has another remix, not on Ashen Tide's way.
const CHAIN = ["Sable Warden 57", "Lunar Lantern 4002", "Ashen Tide 4298"];
const ASHEN_REMIXES = ["Amber Seer 4649", "Feral Weaver 4639"];

test.describe("the Ancestry Map on 5,000 agents", () => {
  test.describe.configure({ mode: "serial" });
  let forest: PrivateServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    forest = await startPrivateServer((dataDir) => runScript("scripts/e2e-forest.ts", { DATA_DIR: dataDir, FOREST_AGENTS: "5000" }));
  });

  test.afterAll(async () => {
    await forest?.stop();
  });

  const node = (page: Page, name: string) => page.locator(`[data-node="${name}"]`);
  const map = (page: Page) => page.getByRole("region", { name: "Ancestry map" });
  const zoom = (page: Page) => page.getByRole("status", { name: /^Zoom / });
  const origins = (page: Page) => page.locator("[data-node][data-origin]");

  async function box(locator: Locator) {
    const found = await locator.boundingBox();
    expect(found).not.toBeNull();
    return found!;
  }

  /** Whether a node lies wholly inside the map's frame (and, when given, clear of another box). */
  async function inView(page: Page, locator: Locator, clearOf?: Locator) {
    const [frame, own] = [await box(map(page)), await box(locator)];
    const inside = own.x >= frame.x && own.y >= frame.y && own.x + own.width <= frame.x + frame.width && own.y + own.height <= frame.y + frame.height;
    if (!inside || !clearOf) return inside;
    const other = await box(clearOf);
    return own.x + own.width <= other.x || own.x >= other.x + other.width || own.y + own.height <= other.y || own.y >= other.y + other.height;
  }

  test("shows the most recently active lineages as trees, at the spec's sizes at the first zoom level", async ({ page }) => {
    await page.goto(`${forest.url}/lineage`);
    await expect(origins(page)).toHaveCount(10);
    expect((await origins(page).evaluateAll((nodes) => nodes.map((each) => each.getAttribute("data-node")))).slice(0, 3)).toEqual(NEWEST_ORIGINS);
    await expect(page.getByText("The 10 most recently active lineages, newest activity first.")).toBeVisible();
    // Trees, not a row of origins: generations below them, joined by their edges.
    await expect(page.locator("[data-node][data-depth='4']").first()).toBeAttached();
    expect(await page.locator("path[data-edge]").count()).toBeGreaterThan(30);

    await expect(zoom(page)).toHaveText("100%");
    const frame = await box(map(page));
    expect([frame.width, frame.height]).toEqual([1200, 600]);
    // Nodes 150 x 80 drawn at scale 1 (on screen a pixel more: half the outline on each side).
    await expect(node(page, "Sable Warden 57").locator("rect")).toHaveAttribute("width", "150");
    await expect(node(page, "Sable Warden 57").locator("rect")).toHaveAttribute("height", "80");
    await expect(page.locator("[data-scene]")).toHaveAttribute("transform", /scale\(1\)$/);
    const [origin, child, grandchild] = await Promise.all(CHAIN.map((name) => box(node(page, name))));
    expect([origin!.width, origin!.height]).toEqual([151, 81]);
    expect(child!.y - origin!.y).toBe(150);
    expect(grandchild!.y - child!.y).toBe(150);
    // Children 200 apart, centred under their parent.
    const [left, right] = await Promise.all(ASHEN_REMIXES.map((name) => box(node(page, name))));
    expect(Math.abs(right!.x - left!.x)).toBe(200);
    expect((left!.x + right!.x) / 2).toBe(grandchild!.x);
    // What a tree leaves out is counted on its node.
    await expect(node(page, "Lunar Lantern 4002")).toHaveAttribute("aria-label", "Lunar Lantern 4002, 2 remixes, 1 not drawn");
  });

  test("pans by dragging and with the arrow keys, zooms with the buttons and + and -, and fits the forest to the frame", async ({ page }) => {
    await page.goto(`${forest.url}/lineage`);
    const sable = node(page, "Sable Warden 57");
    await expect(sable).toBeVisible();
    // Focused, the map is scrolled into the window: where the node is is read after.
    await map(page).focus();
    const start = await box(sable);
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await box(sable)).x).toBe(start.x - 100);
    await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await box(sable)).y).toBe(start.y + 100);

    // A drag from an empty stretch of the canvas (above the first row of trees).
    const frame = await box(map(page));
    await page.mouse.move(frame.x + 900, frame.y + 12);
    await page.mouse.down();
    await page.mouse.move(frame.x + 700, frame.y + 112, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await box(sable)).x).toBe(start.x - 300);
    expect((await box(sable)).y).toBe(start.y + 200);

    await page.keyboard.press("+");
    await expect(zoom(page)).toHaveText("125%");
    expect((await box(sable)).width / start.width).toBeCloseTo(1.25, 3);
    await page.keyboard.press("-");
    await expect(zoom(page)).toHaveText("100%");
    await page.getByRole("button", { name: "Zoom out" }).click();
    await expect(zoom(page)).toHaveText("80%");
    expect((await box(sable)).width / start.width).toBeCloseTo(0.8, 3);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(zoom(page)).toHaveText("100%");

    // Over the map the wheel still scrolls the page; with Ctrl it zooms.
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.move(frame.x + 600, frame.y + 300);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
    await expect(zoom(page)).toHaveText("100%");
    const current = await box(map(page));
    await page.mouse.move(current.x + 600, current.y + 300);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -120);
    await page.keyboard.up("Control");
    await expect(zoom(page)).not.toHaveText("100%");
    await page.getByRole("button", { name: "Actual size" }).click();
    await expect(zoom(page)).toHaveText("100%");

    // Fit: the whole forest inside the frame.
    await page.getByRole("button", { name: "Fit the map to the frame" }).click();
    await expect(zoom(page)).not.toHaveText("100%");
    const fitted = await box(map(page));
    const outside = await page.locator("[data-node]").evaluateAll((nodes, bounds) => {
      return nodes.filter((each) => {
        const rect = each.getBoundingClientRect();
        return rect.left < bounds.x - 1 || rect.top < bounds.y - 1 || rect.right > bounds.x + bounds.width + 1 || rect.bottom > bounds.y + bounds.height + 1;
      }).length;
    }, fitted);
    expect(outside).toBe(0);
    // 0 returns to the actual size; F fits again, from the keyboard.
    await map(page).focus();
    await page.keyboard.press("0");
    await expect(zoom(page)).toHaveText("100%");
    await page.keyboard.press("f");
    await expect(zoom(page)).not.toHaveText("100%");
  });

  test("loads more lineages by cursor, keeping the view", async ({ page }) => {
    await page.goto(`${forest.url}/lineage`);
    await expect(origins(page)).toHaveCount(10);
    await page.getByRole("button", { name: "Zoom out" }).click();
    await expect(zoom(page)).toHaveText("80%");
    await page.getByRole("button", { name: "Load more lineages" }).click();
    await expect(origins(page)).toHaveCount(20);
    const names = await origins(page).evaluateAll((nodes) => nodes.map((each) => each.getAttribute("data-node")));
    expect(names[0]).toBe(NEWEST_ORIGINS[0]);
    expect(names[10]).toBe(ELEVENTH_ORIGIN);
    expect(new Set(names).size).toBe(20);
    await expect(zoom(page)).toHaveText("80%");
    await expect(page.getByText("The 20 most recently active lineages, newest activity first.")).toBeVisible();
  });

  test("finds a lineage anywhere in history by a remix's name, drawing the way from its origin to the match", async ({ page }) => {
    await page.goto(`${forest.url}/lineage`);
    await expect(origins(page)).toHaveCount(10);
    await page.getByRole("searchbox", { name: "Search agents on the map" }).fill(DEEP_MATCH.name);
    await expect(origins(page)).toHaveCount(1);
    await expect(origins(page)).toHaveAttribute("data-node", DEEP_MATCH.origin);
    await expect(page.locator("[data-node]")).toHaveCount(4);
    const match = node(page, DEEP_MATCH.name);
    await expect(match).toHaveAttribute("data-depth", "3");
    await expect(match).toHaveAttribute("data-marked", "true");
    expect(await inView(page, match)).toBe(true);
  });

  test("never hides the chosen node under its panel, and brings a node reached by keyboard into view", async ({ page }) => {
    await page.goto(`${forest.url}/lineage`);
    await expect(origins(page)).toHaveCount(10);
    // A node moved to the frame's right side, where the panel opens.
    const name = "Sable Warden 57";
    await expect(node(page, name)).toBeVisible();
    await map(page).focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    const frame = await box(map(page));
    await expect.poll(async () => (await box(node(page, name))).x).toBeGreaterThan(frame.x + frame.width - 320);
    await node(page, name).click();
    const panel = page.getByRole("complementary", { name: `${name} details` });
    await expect(panel).toBeVisible();
    await expect(node(page, name)).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => inView(page, node(page, name), panel)).toBe(true);

    // The last agent of the page lies far beyond the first view; Tab-like focus brings it in.
    const last = page.locator("[data-node]").last();
    expect(await inView(page, last)).toBe(false);
    await last.focus();
    await expect.poll(() => inView(page, last, panel)).toBe(true);
    await page.keyboard.press("Enter");
    const lastName = await last.getAttribute("data-node");
    await expect(page.getByRole("complementary", { name: `${lastName} details` })).toBeVisible();
  });

  test("focuses one agent's whole tree: its ancestors up to the origin and its descendants", async ({ page }) => {
    await page.goto(`${forest.url}/lineage`);
    await node(page, "Ashen Tide 4298").click();
    await page.getByRole("complementary", { name: "Ashen Tide 4298 details" }).getByRole("link", { name: "Focus its tree" }).click();
    await expect(page).toHaveURL(/\/lineage\?focus=[0-9a-f-]{36}$/);
    await expect(page.getByText("The tree of Ashen Tide 4298: its ancestors and its descendants.")).toBeVisible();
    for (const name of [...CHAIN, ...ASHEN_REMIXES]) await expect(node(page, name)).toBeAttached();
    await expect(origins(page)).toHaveCount(1);
    // The ancestors' other branches are not its tree.
    await expect(node(page, "Lunar Lantern 4002")).toHaveAttribute("aria-label", "Lunar Lantern 4002, 2 remixes, 1 not drawn");
    const focused = node(page, "Ashen Tide 4298");
    await expect(focused).toHaveAttribute("data-marked", "true");
    const panel = page.getByRole("complementary", { name: "Ashen Tide 4298 details" });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Focus its tree" })).toHaveCount(0);
    await expect.poll(() => inView(page, focused, panel)).toBe(true);

    // Another agent of the tree takes the focus; the way back leads to all lineages.
    await node(page, "Sable Warden 57").click();
    await page.getByRole("complementary", { name: "Sable Warden 57 details" }).getByRole("link", { name: "Focus its tree" }).click();
    await expect(page.getByText("The tree of Sable Warden 57: its ancestors and its descendants.")).toBeVisible();
    await expect(node(page, "Lunar Lantern 4002")).toHaveAttribute("aria-label", "Lunar Lantern 4002, 2 remixes");
    await page.getByRole("link", { name: "← All lineages" }).click();
    await expect(page).toHaveURL(/\/lineage$/);
    await expect(origins(page)).toHaveCount(10);
  });

  test("reads as a vertical tree on a phone, the chosen agent's panel right below it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${forest.url}/lineage`);
    const item = (name: string) => page.locator(`[data-lineage-item="${name}"]`);
    await expect(page.getByRole("list", { name: "Lineages" }).locator(":scope > li")).toHaveCount(10);
    await expect(map(page)).toBeHidden();
    // Each generation indented under its parent.
    const [origin, child, grandchild] = await Promise.all(CHAIN.map((name) => box(item(name))));
    expect(child!.x).toBeGreaterThan(origin!.x);
    expect(grandchild!.x).toBeGreaterThan(child!.x);
    expect(grandchild!.y).toBeGreaterThan(child!.y);
    await item("Lunar Lantern 4002").click();
    const panel = page.getByRole("complementary", { name: "Lunar Lantern 4002 details" });
    await expect(panel).toBeVisible();
    const [chosen, below] = [await box(item("Lunar Lantern 4002")), await box(panel)];
    expect(below.y).toBeGreaterThanOrEqual(chosen.y + chosen.height);
  });

  test("ancestry map on 5,000 agents: screenshots and accessibility", async ({ page }) => {
    await captureScreen(page, "lineage", async (p) => {
      await p.goto(`${forest.url}/lineage`);
      if ((p.viewportSize()?.width ?? 0) >= 768) {
        await node(p, "Ashen Tide 4298").click();
        await expect(p.getByRole("complementary", { name: "Ashen Tide 4298 details" })).toBeVisible();
      } else {
        await p.locator(`[data-lineage-item="Lunar Lantern 4002"]`).click();
        await expect(p.getByRole("complementary", { name: "Lunar Lantern 4002 details" })).toBeVisible();
      }
    });
  });
});
