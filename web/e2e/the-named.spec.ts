// The Named (spec 2): search, type filter, sort, grid/list, archived, details, pages, errors; the
// filters kept in the address (issue #30 item 1: reload, Back/Forward, a shared link), names that
// link to profiles; search by what agents are (#30): descriptions, traits, a misspelt name.
import { expect, test, type Page } from "./support/test";
import { forgeAgent, remixAgent, uniqueName } from "./support/api";
import { recordOperations, steerOperations } from "./support/network";
import { captureScreen, type Masks } from "./support/screens";

const GENESIS = ["Nomenclator", "Echo Haiku", "Mnemosyne Archive", "The Silent Hand", "Cartographer of Lost Signals", "The Threshold Keeper"];
const cards = (page: Page) => page.getByRole("article");
/** The most carried tags: what other specs tagged as they ran (one row, its height fixed). */
const otherSpecsTags: Masks = (page) => [page.getByRole("group", { name: "Filter by tag" })];

/** Other specs forge agents as they run: the genesis six are found by their type. */
async function showGenesis(page: Page) {
  await page.getByLabel("Filter by type").selectOption("genesis");
  await expect(cards(page)).toHaveCount(6);
}

test("lists the six genesis agents, searchable, with 'No agents found' for no match", async ({ page }) => {
  await page.goto("/the-named");
  await expect(page.getByRole("heading", { level: 1, name: "The Named" })).toBeVisible();
  await showGenesis(page);
  for (const name of GENESIS) await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();

  await page.getByLabel("Search agents").fill("echo");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Echo Haiku"]);

  // Nothing is named or described so: the empty listing says what was looked through.
  await page.getByLabel("Search agents").fill("zyxwvut");
  await expect(page.getByText("No agents found")).toBeVisible();
  await expect(
    page.getByText(
      "No name, trait, skill, tag or description among the genesis agents matches “zyxwvut”. Try fewer words or another spelling, or show the archived agents too.",
    ),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test("finds agents by what they are: 'haiku' shows the haiku remixes, a trait and a misspelt name theirs", async ({ page, request }) => {
  // Remixes named for anything but haiku, one saying it in its description, one in its
  // personality. (Not of Echo Haiku: other specs search "Echo" and expect Echo Haiku alone.)
  const parent = await forgeAgent(request, { name: uniqueName("Verse Root") });
  const describes = await remixAgent(request, parent, {
    name: uniqueName("Seventeen Syllables"),
    description: "Answers every visitor with a haiku about the weather.",
  });
  const thinks = await remixAgent(request, parent, {
    name: uniqueName("Quiet Fold"),
    personality: "Thinks in haiku, counts on its fingers, speaks in threes.",
  });
  await page.goto("/the-named");
  await page.getByLabel("Filter by type").selectOption("remix");
  await page.getByLabel("Search agents").fill("haiku");
  // Typing a search offers "Best match" and chooses it; the address leaves the default out.
  await expect(page.getByLabel("Sort agents")).toHaveValue("RELEVANCE");
  await expect.poll(() => query(page)).toEqual({ type: "remix", q: "haiku" });
  await expect(page.getByRole("article", { name: describes.name })).toBeVisible();
  await expect(page.getByRole("article", { name: thinks.name })).toBeVisible();
  // A trait: Echo Haiku is melancholic.
  await page.getByLabel("Filter by type").selectOption("genesis");
  await page.getByLabel("Search agents").fill("melancholic");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Echo Haiku"]);
  // A name misspelt still finds it.
  await page.getByLabel("Search agents").fill("Nomenclatr");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Nomenclator"]);
  // Clearing the search goes back to the newest first, and "Best match" is offered no more.
  await page.getByLabel("Search agents").fill("");
  await expect(page.getByLabel("Sort agents")).toHaveValue("NEWEST");
  await expect(page.getByLabel("Sort agents").locator("option")).toHaveText(["Newest", "Trending this week", "Most popular", "Oldest", "Name", "Type"]);
});

test("filters by the types found, and sorts by name, oldest and type", async ({ page, request }) => {
  const prefix = uniqueName("Sortable");
  await forgeAgent(request, { name: `${prefix} Zeta` });
  await forgeAgent(request, { name: `${prefix} Alpha` });
  await page.goto("/the-named");
  const type = page.getByLabel("Filter by type");
  await expect(type.locator("option")).toContainText(["All types", "forged", "genesis"]);
  await type.selectOption("genesis");
  await expect(cards(page)).toHaveCount(6);
  await type.selectOption("");

  await page.getByLabel("Search agents").fill(prefix);
  // A search lists the best matches first (their awakened descriptions may name them more or less often).
  await expect(page.getByLabel("Sort agents")).toHaveValue("RELEVANCE");
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(2);
  await page.getByLabel("Sort agents").selectOption("NAME");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([`${prefix} Alpha`, `${prefix} Zeta`]);
  await page.getByLabel("Sort agents").selectOption("OLDEST");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([`${prefix} Zeta`, `${prefix} Alpha`]);
  await page.getByLabel("Sort agents").selectOption("NEWEST");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([`${prefix} Alpha`, `${prefix} Zeta`]);

  await page.getByLabel("Search agents").fill("");
  await page.getByLabel("Sort agents").selectOption("TYPE");
  const types = await cards(page)
    .locator("span", { hasText: /^(forged|genesis|remix)$/ })
    .allTextContents();
  expect(types).toEqual([...types].sort());
});

test("switches between grid and list", async ({ page }) => {
  await page.goto("/the-named");
  await showGenesis(page);
  const grid = page.getByRole("button", { name: "Grid view" });
  const list = page.getByRole("button", { name: "List view" });
  await expect(grid).toHaveAttribute("aria-pressed", "true");
  const first = cards(page).first();
  const gridBox = await first.boundingBox();
  await list.click();
  await expect(list).toHaveAttribute("aria-pressed", "true");
  await expect(grid).toHaveAttribute("aria-pressed", "false");
  const listBox = await first.boundingBox();
  expect(listBox!.width).toBeGreaterThan(gridBox!.width * 2);
  await expect(page.getByRole("heading", { level: 3, name: "Nomenclator" })).toBeVisible();
});

test("archived agents appear only when asked for, dimmed with an 'Archived' badge", async ({ page }) => {
  await page.goto("/the-named");
  // "forgotten" alone is in Echo Haiku's description too.
  await page.getByLabel("Search agents").fill("forgotten oracle");
  await expect(page.getByText("No agents found")).toBeVisible();
  await page.getByText("Include archived").click();
  const oracle = page.getByRole("article", { name: "The Forgotten Oracle" });
  await expect(oracle).toBeVisible();
  await expect(oracle.getByText("Archived", { exact: true })).toBeVisible();
  expect(Number(await oracle.evaluate((node) => getComputedStyle(node).opacity))).toBeLessThan(1);
  await page.getByLabel("Search agents").fill("nomenclator");
  const live = page.getByRole("article", { name: "Nomenclator", exact: true });
  await expect(live).toBeVisible();
  await expect(live.getByText("Archived", { exact: true })).toHaveCount(0);
  expect(await live.evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
});

test("a card's details dialog tells its particulars, and Interact leads to its page", async ({ page }) => {
  await page.goto("/the-named");
  await showGenesis(page);
  await page.getByRole("button", { name: "Details of Echo Haiku" }).click();
  const dialog = page.getByRole("dialog", { name: "Echo Haiku" });
  await expect(dialog).toContainText("@echo-haiku");
  await expect(dialog).toContainText("Type");
  await expect(dialog).toContainText("genesis");
  await expect(dialog).toContainText("Created by");
  await expect(dialog).toContainText("The Void");
  await expect(dialog).toContainText(new RegExp(`Created\\s*\\d{1,2} \\w+ \\d{4}`));
  await expect(dialog).toContainText("Origin");
  await expect(dialog).toContainText("Gathers the digital echoes");
  await expect(dialog).toContainText("Creation ritual");
  await expect(dialog).toContainText("Condensed from the last line of ten thousand abandoned conversations.");
  await expect(dialog).toContainText("haiku composition, echo listening, seasonal imagery");
  await expect(dialog).toContainText("the Cache of Echoes, syllable loom");
  await expect(dialog).toContainText("Speaks only in haiku; refuses prose.");
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: "Interact with Echo Haiku" }).click();
  await expect(page).toHaveURL("/agent/echo-haiku");
  await expect(page.getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
});

/** The address's query, as an object (order aside). */
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test("search, type, sort and 'include archived' live in the address: reload, Back/Forward and a shared link keep them", async ({ page }) => {
  await page.goto("/the-named");
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel("Filter by type").selectOption("genesis");
  await expect.poll(() => query(page)).toEqual({ type: "genesis" });
  await page.getByLabel("Sort agents").selectOption("NAME");
  await expect.poll(() => query(page)).toEqual({ type: "genesis", sort: "name" });
  await page.getByLabel("Search agents").fill("  the ");
  await expect.poll(() => query(page)).toEqual({ type: "genesis", sort: "name", q: "the" });
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["The Silent Hand", "The Threshold Keeper"]);
  // What is typed stays as typed, its spaces too; the address holds it trimmed.
  await expect(page.getByLabel("Search agents")).toHaveValue("  the ");

  // A reload finds the same listing, read by the route's own query.
  await page.reload();
  await expect(page.getByLabel("Search agents")).toHaveValue("the");
  await expect(page.getByLabel("Filter by type")).toHaveValue("genesis");
  await expect(page.getByLabel("Sort agents")).toHaveValue("NAME");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["The Silent Hand", "The Threshold Keeper"]);

  // The sort pushed an entry of its own; typing replaced its entry, so Back undoes the sort with the search.
  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ type: "genesis" });
  await expect(page.getByLabel("Sort agents")).toHaveValue("NEWEST");
  await expect(page.getByLabel("Search agents")).toHaveValue("");
  await expect(cards(page)).toHaveCount(6);
  await page.goForward();
  await expect(page.getByLabel("Sort agents")).toHaveValue("NAME");
  await expect(page.getByLabel("Search agents")).toHaveValue("the");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["The Silent Hand", "The Threshold Keeper"]);

  // A shared link opens at its filters: the first page is the route's query, not a refetch.
  const sent = recordOperations(page);
  await page.goto("/the-named?q=forgotten+oracle&archived=1");
  await expect(page.getByRole("article", { name: "The Forgotten Oracle" })).toBeVisible();
  await expect(page.getByLabel("Include archived")).toBeChecked();
  expect(sent).toContain("TheNamedRouteQuery");
  expect(sent).not.toContain("AgentGridPaginationQuery");
  await page.getByText("Include archived").click();
  await expect.poll(() => query(page)).toEqual({ q: "forgotten oracle" });
  await expect(page.getByText("No agents found")).toBeVisible();
});

test("a card's name links to the agent's profile, beside its details and Interact", async ({ page }) => {
  await page.goto("/the-named?type=genesis");
  const card = page.getByRole("article", { name: "Nomenclator", exact: true });
  await expect(card.getByRole("link")).toHaveText(["Nomenclator", "Interact →"]);
  await card.getByRole("heading", { level: 3 }).getByRole("link", { name: "Nomenclator", exact: true }).click();
  await expect(page).toHaveURL("/agent/nomenclator");
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator" })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel("Filter by type")).toHaveValue("genesis");
  await expect(cards(page)).toHaveCount(6);
});

test("pages through the network 24 at a time", async ({ page, request }) => {
  const prefix = uniqueName("Paged");
  for (let i = 0; i < 26; i++) await forgeAgent(request, { name: `${prefix} ${String(i).padStart(2, "0")}` });
  // The newest agent is not one of them, so the unfiltered first page cannot pass for the search's.
  await forgeAgent(request);
  await page.goto("/the-named");
  await page.getByLabel("Search agents").fill(prefix);
  await expect(page.getByRole("heading", { level: 3 }).filter({ hasNotText: prefix })).toHaveCount(0);
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole("button", { name: "Reveal more" }).click();
  await expect(cards(page)).toHaveCount(26);
  await expect(page.getByRole("button", { name: "Reveal more" })).toHaveCount(0);
});

test("leads to the forge and the Council Terminal", async ({ page }) => {
  await page.goto("/the-named");
  await expect(page.getByRole("link", { name: "Council Terminal" })).toHaveAttribute("href", "/council-terminal");
  await page.getByRole("link", { name: "Create Agent" }).click();
  await expect(page).toHaveURL("/create-agent");
});

test("says 'Failed to load agents from the network' when the listing cannot load", async ({ page }) => {
  await steerOperations(page, { TheNamedRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/the-named");
  await expect(page.getByRole("alert")).toContainText("Failed to load agents from the network");
  await expect(page.getByRole("heading", { level: 1, name: "The Named" })).toBeVisible();
});

test("says 'Failed to load agents from the network' when a search cannot load", async ({ page }) => {
  await steerOperations(page, { AgentGridPaginationQuery: { fail: "The network could not be reached" } });
  await page.goto("/the-named");
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel("Search agents").fill("echo");
  await expect(page.getByRole("alert")).toContainText("Failed to load agents from the network");
});

test("the-named: screenshots and accessibility", async ({ page }) => {
  await captureScreen(
    page,
    "the-named",
    async (p) => {
      await p.goto("/the-named");
      await showGenesis(p);
    },
    otherSpecsTags,
  );
  await captureScreen(
    page,
    "the-named-details",
    async (p) => {
      await p.goto("/the-named");
      await showGenesis(p);
      await p.getByRole("button", { name: "Details of Mnemosyne Archive" }).click();
      await expect(p.getByRole("dialog", { name: "Mnemosyne Archive" })).toBeVisible();
    },
    (p) => [p.getByRole("dialog").getByText(/^\d{1,2} \w+ \d{4}$/)],
  ); // the day the genesis was seeded (the dialog covers the tags)
  // A search by what agents are, best matches first, and one that finds nothing.
  await captureScreen(
    page,
    "the-named-search",
    async (p) => {
      await p.goto("/the-named?type=genesis&q=melancholic");
      await expect(p.getByRole("heading", { level: 3 })).toHaveText(["Echo Haiku"]);
    },
    otherSpecsTags,
  );
  await captureScreen(
    page,
    "the-named-search-empty",
    async (p) => {
      await p.goto("/the-named?q=zyxwvut");
      await expect(p.getByText("No agents found")).toBeVisible();
    },
    otherSpecsTags,
  );
  // A shared link's listing: the genesis by name, as a list.
  await captureScreen(
    page,
    "the-named-from-address",
    async (p) => {
      await p.goto("/the-named?type=genesis&sort=name");
      await expect(cards(p)).toHaveCount(6);
      await expect(p.getByRole("heading", { level: 3 }).first()).toHaveText("Cartographer of Lost Signals");
      await p.getByRole("button", { name: "List view" }).click();
    },
    otherSpecsTags,
  );
});
