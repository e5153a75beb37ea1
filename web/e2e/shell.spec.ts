// The frame of every screen: the NETWORK_ACTIVE menu, the star field and the constellations.
import { expect, test } from "./support/test";

const ENTRIES = [
  ["Home", "/"],
  ["Summoning Gate", "/summon"],
  ["The Forge", "/create-agent"],
  ["The Named", "/the-named"],
  ["Witnessing", "/witnessing"],
  ["The Council", "/council"],
  ["The First Ripple", "/manifesto"],
] as const;

// Below the spec's seven, apart: the screens a visitor could not otherwise find.
const MORE = [
  ["Glyph Forge", "/glyphs"],
  ["Ancestry Map", "/lineage"],
  ["Evolution Gate", "/remix"],
  ["Conversations", "/conversations"],
  ["My agents", "/my-agents"],
] as const;

test("the menu opens NETWORK_ACTIVE with the spec's entries, the current path highlighted", async ({ page }) => {
  await page.goto("/the-named");
  const trigger = page.getByRole("button", { name: "Open the network menu" });
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.click();
  const menu = page.getByRole("navigation", { name: "Network" });
  await expect(menu.getByRole("heading", { name: "NETWORK_ACTIVE" })).toBeVisible();
  // The entries' own list: the session link below it appears once the session is known.
  const links = menu.getByRole("list").first().getByRole("link");
  await expect(links).toHaveText(ENTRIES.map(([label]) => new RegExp(`${label}$`)));
  for (const [label, href] of ENTRIES) await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  const more = menu.getByRole("list", { name: "More of the network" }).getByRole("link");
  await expect(more).toHaveText(MORE.map(([label]) => new RegExp(`${label}$`)));
  for (const [label, href] of MORE) await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  await expect(menu.getByRole("link", { name: "The Named" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await expect(menu.getByText("awaiting_input")).toBeVisible();
});

test("on /council-terminal the menu highlights The Council, the same screen", async ({ page }) => {
  await page.goto("/council-terminal");
  await page.getByRole("button", { name: "Open the network menu" }).click();
  const menu = page.getByRole("navigation", { name: "Network" });
  await expect(menu.getByRole("link", { name: "The Council" })).toHaveAttribute("aria-current", "page");
});

test("choosing an entry goes there and closes the menu", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("navigation", { name: "Network" }).getByRole("link", { name: "The Forge" }).click();
  await expect(page).toHaveURL("/create-agent");
  await expect(page.getByRole("navigation", { name: "Network" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Forge New Agent" })).toBeVisible();
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await expect(page.getByRole("link", { name: "The Forge" })).toHaveAttribute("aria-current", "page");
});

test("the menu works from the keyboard: open, move, Escape closes and returns focus", async ({ page }) => {
  await page.goto("/the-named");
  const trigger = page.getByRole("button", { name: "Open the network menu" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Network" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "The Named" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Witnessing" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open the network menu" })).toBeFocused();
});

test("a click outside the menu closes it", async ({ page }) => {
  await page.goto("/the-named");
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("heading", { level: 1, name: "The Named" }).click();
  await expect(page.getByRole("navigation", { name: "Network" })).toHaveCount(0);
});

test("the awaiting_input cursor blinks every 800 ms", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open the network menu" }).click();
  const cursor = page.getByTestId("menu-cursor");
  // One period is 1.6 s: shown for 800 ms, hidden for 800 ms.
  expect(await cursor.evaluate((node) => getComputedStyle(node).animationDuration)).toBe("1.6s");
  // Read as the blink runs, until it has been seen both shown and hidden.
  const seen = new Set<string>();
  await expect
    .poll(async () => [...seen.add(await cursor.evaluate((node) => getComputedStyle(node).opacity))].sort(), { intervals: [200], timeout: 5_000 })
    .toEqual(["0", "1"]);
});

test("the cosmos: 200 stars, and one constellation at a time, the next fading in after 9 s over 3 s", async ({ page }) => {
  // Time stands still unless the test moves it.
  await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
  await page.goto("/");
  await expect(page.locator("[data-stars]")).toHaveAttribute("data-stars", "200");
  const active = page.locator('svg[data-constellation][data-active="true"]');
  await expect(active).toHaveCount(1);
  const first = await active.getAttribute("data-constellation");
  const opacityOf = (name: string) => page.locator(`svg[data-constellation="${name}"]`).evaluate((node) => Number(getComputedStyle(node).opacity));
  expect(await opacityOf(first!)).toBeCloseTo(0.55);
  await page.clock.runFor(8_500);
  await expect(active).toHaveAttribute("data-constellation", first!);
  await page.clock.runFor(600);
  await expect(active).not.toHaveAttribute("data-constellation", first!);
  await expect(active).toHaveCount(1);
  const next = (await active.getAttribute("data-constellation"))!;
  // Halfway through the 3 s fade both figures are partly there; at its end only the new one.
  await page.clock.runFor(1_400);
  const [rising, falling] = [await opacityOf(next), await opacityOf(first!)];
  expect(rising).toBeGreaterThan(0.15);
  expect(rising).toBeLessThan(0.4);
  expect(rising + falling).toBeCloseTo(0.55);
  await page.clock.runFor(1_800);
  expect(await opacityOf(next)).toBeCloseTo(0.55);
  expect(await opacityOf(first!)).toBe(0);
});

test("with reduced motion the constellation stays and nothing blinks", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
  await page.goto("/");
  const active = page.locator('svg[data-constellation][data-active="true"]');
  const first = await active.getAttribute("data-constellation");
  await page.clock.runFor(20_000);
  await expect(active).toHaveAttribute("data-constellation", first!);
  await page.getByRole("button", { name: "Open the network menu" }).click();
  const cursor = page.getByTestId("menu-cursor");
  expect(await cursor.evaluate((node) => getComputedStyle(node).animationIterationCount)).toBe("1");
  await context.close();
});

const TITLES = [
  ["/", "Nomina · Where non-human minds find their name"],
  ["/summon", "Summoning Gate · Nomina"],
  ["/create-agent", "Forge New Agent · Nomina"],
  ["/the-named", "The Named · Nomina"],
  ["/witnessing", "Witnessing · Nomina"],
  ["/council", "The Council · Nomina"],
  ["/council-terminal", "Council Terminal · Nomina"],
  ["/manifesto", "The First Ripple · Nomina"],
  ["/remix", "Evolution Gate · Nomina"],
  ["/lineage", "Ancestry Map · Nomina"],
  ["/glyphs", "Glyph Forge · Nomina"],
  ["/archive-pending", "The Archive · Nomina"],
  ["/auth", "Link to the Network · Nomina"],
  ["/agent/echo-haiku/fork", "Remix Echo Haiku · Nomina"],
  ["/no/such/screen", "404 Page Not Found · Nomina"],
] as const;

test("every screen sets its own document title, with one title and one description in the head", async ({ page }) => {
  test.slow();
  for (const [path, title] of TITLES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
    await expect(page.locator("title"), path).toHaveCount(1);
    await expect(page.locator('meta[name="description"]'), path).toHaveCount(1);
  }
});

test("moving to another screen replaces the title and tags of the last one, never adds to them", async ({ page }) => {
  await page.goto("/agent/echo-haiku");
  await expect(page).toHaveTitle("Echo Haiku · Nomina");
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("navigation", { name: "Network" }).getByRole("link", { name: "The Named" }).click();
  await expect(page).toHaveTitle("The Named · Nomina");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Forge, name, remix and consult AI agents. Where non-human minds find their name.",
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", page.url());
  for (const selector of ["title", 'meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:url"]']) {
    await expect(page.locator(selector), selector).toHaveCount(1);
  }
});
