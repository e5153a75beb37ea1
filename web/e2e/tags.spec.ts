// Tags (issue #30 item 2): a creator picks curated tags and types its own at the forge (normalised
// as the server does, refused with its messages), edits them, and a remix carries them; tags
// show as chips on the cards and the profile, each a link to The Named filtered by it, which keeps
// the tag in its address; a curator merges one tag into another and removes one, confirmed first.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./support/test";
import { uniqueName } from "./support/api";
import { E2E_CURATOR } from "./support/curator";
import { expectAccessible } from "./support/a11y";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

const form = (page: Page) => page.getByRole("form", { name: "Forge a new agent" });
/** A tag of this run alone: other specs (and runs) share the database. */
const runTag = (word: string) => `${word}-${randomUUID().slice(0, 8)}`;

async function forgeTagged(page: Page, name: string, own: string) {
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Glyph").fill("✶");
  await form(page).getByLabel("Personality").fill("Reads the night sky aloud, one constellation at a time.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  const suggested = form(page).getByRole("group", { name: "Suggested tags" });
  await suggested.getByRole("button", { name: "poetry" }).click();
  await expect(suggested.getByRole("button", { name: "poetry" })).toHaveAttribute("aria-pressed", "true");
  // Typed as a person types it: spaces and capitals, normalised at once.
  await form(page).getByLabel("Add a tag").fill(own.toUpperCase().replace("-", "  "));
  await form(page).getByLabel("Add a tag").press("Enter");
  await expect(form(page).getByRole("list", { name: "Your tags" }).getByRole("listitem")).toHaveText([`#${own}×`]);
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(toast(page, "Agent Forged")).toBeVisible();
}

test("a creator tags an agent at the forge; its profile and card link to The Named filtered by the tag, kept in the address", async ({ page }) => {
  const name = uniqueName("Star Reader");
  const own = runTag("moon-lore");
  await forgeTagged(page, name, own);
  const username = (await (await page.request.get(`/api/agents?search=${encodeURIComponent(name)}`)).json()).agents[0].username as string;

  await page.goto(`/agent/${username}`);
  const chips = page.getByRole("list", { name: "Tags" });
  await expect(chips.getByRole("link")).toHaveText(["#poetry", `#${own}`]);
  await chips.getByRole("link", { name: `Agents tagged ${own}` }).click();
  await expect(page).toHaveURL(new RegExp(`/the-named\\?tag=${own}$`));
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([name]);
  await expect(page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: own })).toHaveAttribute("aria-pressed", "true");

  // A reload keeps it; another tag's chip on a card, clicked on The Named itself, filters by that one.
  await page.reload();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([name]);
  await page.getByRole("article", { name }).getByRole("link", { name: "Agents tagged poetry" }).click();
  await expect(page).toHaveURL(/\/the-named\?tag=poetry$/);
  await expect(page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: /poetry/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("article", { name })).toBeVisible();
  // Back returns to the run's tag; the chip toggled off shows every agent again.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([name]);
  await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: own }).click();
  await expect(page).toHaveURL(/\/the-named$/);
  await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
  await expect.poll(async () => page.getByRole("heading", { level: 3 }).count()).toBeGreaterThan(1);
});

test("the tag picker refuses what is no tag with the server's messages, and keeps at most eight", async ({ page }) => {
  await page.goto("/create-agent");
  const add = form(page).getByLabel("Add a tag");
  await add.fill("🔥 hot");
  await add.press("Enter");
  await expect(form(page).getByRole("alert")).toHaveText("A tag holds only letters, digits and hyphens");
  await add.fill("x".repeat(40));
  await add.press("Enter");
  await expect(form(page).getByRole("alert")).toHaveText("A tag is at most 32 characters");
  await add.fill("");
  const suggested = form(page).getByRole("group", { name: "Suggested tags" });
  for (const tag of ["poetry", "code", "research", "mentor", "philosophy", "science", "history", "language"])
    await suggested.getByRole("button", { name: tag }).click();
  await suggested.getByRole("button", { name: "music" }).click();
  await expect(form(page).getByRole("alert")).toHaveText("At most 8 tags");
  await expect(suggested.getByRole("button", { name: "music" })).toHaveAttribute("aria-pressed", "false");
});

test("the owner edits the tags, and a remix carries them unless changed", async ({ page }) => {
  const name = uniqueName("Tide Keeper");
  const own = runTag("tide-lore");
  await forgeTagged(page, name, own);
  const agent = (await (await page.request.get(`/api/agents?search=${encodeURIComponent(name)}`)).json()).agents[0] as { id: string; username: string };

  await page.goto(`/agents/${agent.id}/edit`);
  const edit = page.getByRole("form", { name: `Edit ${name}` });
  await edit.getByRole("group", { name: "Suggested tags" }).getByRole("button", { name: "poetry" }).click();
  await edit.getByRole("group", { name: "Suggested tags" }).getByRole("button", { name: "science" }).click();
  await edit.getByRole("button", { name: "SAVE VERSION 2" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText([`#${own}`, "#science"]);

  await page.goto(`/agent/${agent.username}/fork`);
  const remix = page.getByRole("form", { name: `Remix ${name}` });
  await expect(remix.getByRole("group", { name: "Suggested tags" }).getByRole("button", { name: "science" })).toHaveAttribute("aria-pressed", "true");
  await expect(remix.getByRole("list", { name: "Your tags" }).getByRole("listitem")).toHaveText([`#${own}×`]);
  await remix.getByRole("button", { name: `Remove tag ${own}` }).click();
  await remix.getByLabel("Description").fill("The same tides, read by a younger keeper.");
  await remix.getByRole("button", { name: "EVOLVE" }).click();
  await expect(toast(page, "Evolution Complete")).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText(["#science"]);
});

test("a curator merges a tag into another and removes one, each confirmed first", async ({ page }) => {
  const from = runTag("stargazing");
  const into = runTag("astronomy");
  const name = uniqueName("Merge Subject");
  await forgeTagged(page, name, from);

  await page.goto("/curator?view=tags");
  await page.getByLabel("Email").fill(E2E_CURATOR.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_CURATOR.password);
  await page.getByRole("button", { name: "Open the console" }).click();
  await expect(page.getByRole("tab", { name: "Tags", selected: true })).toBeVisible();
  const panel = page.getByRole("region", { name: "Tags" });
  await expect(panel.getByRole("list", { name: "Tags by agents carrying them" })).toBeVisible();

  // The tag may be far down a long list: the form names it.
  await panel.getByLabel("Tag", { exact: true }).fill(from);
  await panel.getByLabel("Merge into").fill(into.toUpperCase());
  await panel.getByRole("button", { name: "Merge", exact: true }).click();
  const merging = page.getByRole("alertdialog", { name: `Merge #${from} into #${into}?` });
  await expect(merging).toContainText("1 visible agent");
  await expectAccessible(page, "the merge confirmation");
  await merging.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(toast(page, "Tags Merged")).toContainText(`The tag "${from}" was merged into "${into}"`);
  await expect(merging).toBeHidden();
  // The list is read again: the merged tag is gone from it, the one it became is there.
  await expect(panel.getByRole("button", { name: `Remove #${from}` })).toHaveCount(0);
  await expect(panel.getByRole("listitem").filter({ hasText: `#${into}` })).toContainText("1 visible agent");
  const agent = (await (await page.request.get(`/api/agents?tag=${into}`)).json()).agents as { name: string }[];
  expect(agent.map((row) => row.name)).toEqual([name]);

  await panel.getByRole("button", { name: `Remove #${into}` }).click();
  const removing = page.getByRole("alertdialog", { name: `Remove #${into}?` });
  await removing.getByRole("button", { name: "Cancel" }).click();
  await expect(removing).toBeHidden();
  expect((await (await page.request.get(`/api/agents?tag=${into}`)).json()).agents).toHaveLength(1);
  await panel.getByRole("button", { name: `Remove #${into}` }).click();
  await page
    .getByRole("alertdialog", { name: `Remove #${into}?` })
    .getByRole("button", { name: "Remove", exact: true })
    .click();
  await expect(toast(page, "Tag Removed")).toContainText(`The tag "${into}" was removed`);
  await expect(panel.getByRole("button", { name: `Remove #${into}` })).toHaveCount(0);
  expect((await (await page.request.get(`/api/agents?tag=${into}`)).json()).agents).toEqual([]);
});

test("screens: the forge's tag picker, and The Named filtered by a tag", async ({ page }) => {
  const own = "e2e-screen-tag";
  // One agent carries the screen's tag whatever ran before (a second run finds it forged).
  const listed = (await (await page.request.get(`/api/agents?tag=${own}`)).json()).agents as unknown[];
  if (listed.length === 0) await forgeTagged(page, "Lantern of Tags", own);
  await captureScreen(page, "tags-forge", async (p) => {
    await p.goto("/create-agent");
    await form(p).getByLabel("Name").fill("Lantern of Tags");
    const suggested = form(p).getByRole("group", { name: "Suggested tags" });
    await suggested.getByRole("button", { name: "poetry" }).click();
    await suggested.getByRole("button", { name: "mentor" }).click();
    await form(p).getByLabel("Add a tag").fill("Night Owl");
    await form(p).getByLabel("Add a tag").press("Enter");
    await form(p).getByRole("group", { name: "Suggested tags" }).scrollIntoViewIfNeeded();
  });
  await captureScreen(
    page,
    "tags-the-named",
    async (p) => {
      await p.goto(`/the-named?tag=${own}`);
      await expect(p.getByRole("heading", { level: 3 })).toHaveText(["Lantern of Tags"]);
    },
    // The most carried tags are what other specs tagged; the agent's awakened words differ by run.
    (p) => [p.getByRole("group", { name: "Filter by tag" }), p.getByRole("article").locator("p")],
  );
});
