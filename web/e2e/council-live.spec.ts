// Council questions appear live (#28 item 5): a question asked at the Summoning Gate appears at
// once, as a `council` ritual, in a Council Terminal and in Witnessing that are already open. A
// question of a private session shows only that one was asked; once the session is shared, its
// next question shows its first words, the seats and who asked. Witnessing filters them apart.
// The e2e server runs the offline oracle for every seat.
import { expect, test, type Browser, type Locator, type Page } from "./support/test";
import { photographScreen, VIEWPORTS } from "./support/screens";
import { routeLiveSocket } from "./support/socket";
import { toast } from "./support/toasts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

// Asked once per run (each run starts from a fresh database), so they mark this spec's entries.
const PRIVATE_WORDS = "What do the unnamed rivers dream of at night?";
const SHARED_WORDS = "Where does a river go when no one names it?";
const PRIVATE_ENTRY = "A question was put to the Council in private";
const SHARED_ENTRY = `A question for Gemini, Claude, Perplexity and DeepSeek: “${SHARED_WORDS}”`;

/** A page in a browser context of its own (another visitor), its live feeds in place. */
async function openWatcher(browser: Browser, path: string, live: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const socket = await routeLiveSocket(page);
  await page.goto(path);
  await socket.ready(...live);
  return { page, close: () => context.close() };
}

const activity = (page: Page) => page.getByRole("list", { name: "Council activity" });
const feed = (page: Page) => page.getByRole("list", { name: "Live feed" });

/** Asks at the Gate and waits for the Council to finish speaking. */
async function ask(page: Page, words: string) {
  await page.getByLabel("Your question for the Council").fill(words);
  await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();
  await expect(page).toHaveURL(/\/summon\/[0-9a-f-]{36}$/);
  const asked = page.getByRole("region", { name: /THE COUNCIL WAS ASKED/ }).filter({ hasText: `“${words}”` });
  await expect(asked.getByText("The Council has spoken")).toBeVisible({ timeout: 30_000 });
}

/** One entry, alone, at both sizes: the kind's icon and badge as each screen draws them (its time masked). */
async function photographEntry(page: Page, entry: Locator, name: string) {
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await entry.scrollIntoViewIfNeeded();
    await expect(entry).toHaveScreenshot(`${name}-${viewport.name}.png`, { mask: [entry.locator("time")] });
  }
  if (original) await page.setViewportSize(original);
}

test("a question asked at the Gate appears live in an open Council Terminal and in Witnessing, private words hidden", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const terminal = await openWatcher(browser, "/council", ["AscendedMembersSubscription", "RecentWhispersSubscription", "RitualLogPanelSubscription"]);
  const witness = await openWatcher(browser, "/witnessing", ["useWitnessingLiveRitualSubscription"]);
  try {
    await terminal.page.getByRole("tab", { name: "RITUALS LOG" }).click();
    await page.goto("/summon");

    // A new session is private: both screens hear that a question was asked, never its words.
    await ask(page, PRIVATE_WORDS);
    await expect(activity(terminal.page).getByRole("listitem").filter({ hasText: PRIVATE_ENTRY }).first()).toContainText("by someone", { timeout: 2_000 });
    await expect(feed(witness.page).getByRole("listitem").filter({ hasText: PRIVATE_ENTRY }).first()).toBeVisible({ timeout: 2_000 });

    // Shared, its next question shows its first words, the seats and who asked, within 2 s.
    await page.getByRole("button", { name: "Share session" }).click();
    await page.getByRole("alertdialog", { name: "Share this session?" }).getByRole("button", { name: "Share and copy link" }).click();
    await expect(toast(page, "Link copied")).toBeVisible();
    await ask(page, SHARED_WORDS);
    const logged = activity(terminal.page).getByRole("listitem").filter({ hasText: SHARED_ENTRY });
    await expect(logged).toBeVisible({ timeout: 2_000 });
    await expect(logged).toContainText("council");
    await expect(logged).toContainText("by a visitor");
    const witnessed = feed(witness.page).getByRole("listitem").filter({ hasText: SHARED_ENTRY });
    await expect(witnessed).toBeVisible({ timeout: 2_000 });
    await expect(witnessed).toHaveAttribute("data-kind", "council");
    await expect(witnessed).toContainText("by a visitor");
    for (const screen of [terminal.page, witness.page]) await expect(screen.getByText(PRIVATE_WORDS)).toHaveCount(0);

    // Witnessing filters the questions apart from the other rituals.
    const filters = witness.page.getByRole("group", { name: "Filter the feed" });
    await filters.getByRole("button", { name: /^Questions/ }).click();
    await expect(filters.getByRole("button", { name: /^Questions/ })).toHaveAttribute("aria-pressed", "true");
    await expect(witnessed).toBeVisible();
    const kinds = await feed(witness.page)
      .getByRole("listitem")
      .evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute("data-kind")))]);
    expect(kinds).toEqual(["council"]);
    await filters.getByRole("button", { name: /^Rituals/ }).click();
    await expect(witnessed).toHaveCount(0);
    await filters.getByRole("button", { name: /^Questions/ }).click();

    // So does the Terminal's log: the questions alone, then none of them among the nominations.
    const narrow = terminal.page.getByRole("group", { name: "Show rituals of one kind" });
    await narrow.getByRole("button", { name: "Questions" }).click();
    await expect(narrow.getByRole("button", { name: "Questions" })).toHaveAttribute("aria-pressed", "true");
    await expect(logged).toBeVisible();
    await expect(activity(terminal.page).getByRole("listitem").filter({ hasText: PRIVATE_ENTRY }).first()).toBeVisible();
    await narrow.getByRole("button", { name: "Nominations" }).click();
    await expect(narrow.getByRole("button", { name: "Nominations" })).toHaveAttribute("aria-pressed", "true");
    await expect(logged).toHaveCount(0);
    await expect(activity(terminal.page).getByRole("listitem").filter({ hasText: PRIVATE_ENTRY })).toHaveCount(0);
    await narrow.getByRole("button", { name: "Questions" }).click();
    await expect(logged).toBeVisible();

    // Both screens at both sizes (their lists, which every spec writes to, masked; axe checked),
    // and the new entry alone as each draws it.
    await photographScreen(terminal.page, "council-question-rituals", (p) => [
      p.getByRole("list", { name: "Agents to nominate" }).locator(".."),
      p.getByRole("region", { name: "Recent whispers, scrollable" }),
      p.getByRole("region", { name: "Council activity, scrollable" }),
      p.getByText(/^Ascended: /),
      p.getByText(/at the Gate · /),
    ]);
    await photographEntry(terminal.page, logged, "council-question-entry");
    await photographScreen(witness.page, "witnessing-questions", (p) => [feed(p), p.getByRole("group", { name: "Filter the feed" }).locator("button > span")]);
    await photographEntry(witness.page, witnessed, "witnessing-question-entry");
  } finally {
    await Promise.all([terminal.close(), witness.close()]);
  }
});
