// Council acts that read right (issue #28, items 1-4): a follow-up after a reload sits with the
// session's three seats, its chair and its review, shown folded; Stop leaves the seats "stopped"
// with their words so far, calmly, and no chair takes over; one seat is asked again alone, then
// the silent seats together; the reviews' reasons name seats; the default chair is named; on a
// phone the synthesis comes first with the seats folded under it. The e2e server's seats are the
// offline oracle, which streams, reviews and costs nothing.
import { expect, test, type Locator, type Page } from "./support/test";
import { photographScreen } from "./support/screens";

const question = (page: Page) => page.getByLabel("Your question for the Council");
const invokeButton = (page: Page) => page.getByRole("button", { name: "INVOKE THE COUNCIL" });
const asked = (page: Page, n: number) => page.getByRole("region", { name: new RegExp(`^QUESTION ${n} · THE COUNCIL WAS ASKED`) });
const answers = (scope: Locator, n: number) => scope.getByRole("region", { name: `Answers to question ${n}` });
const card = (scope: Locator, name: string) => scope.getByRole("article", { name, exact: true });
const chair = (page: Page) => page.getByLabel("The chair");
const settingsLine = (page: Page) => page.getByTestId("council-settings");
const SEATS = ["Gemini", "Claude", "Perplexity", "DeepSeek"];

/** Brings `part` to the top of the screen, below the fixed header. */
const toTop = (part: Locator) =>
  part.evaluate((element) => {
    element.scrollIntoView({ block: "start", behavior: "instant" });
    window.scrollBy({ top: -80, behavior: "instant" });
  });

test("a follow-up after a reload keeps three seats, the chair and the review; the default chair is named; reasons name seats", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/summon");
  // The default chair is named, and follows the seats: without Claude, the first seat chairs.
  await expect(chair(page).locator("option:checked")).toHaveText("Claude (default)");
  await page.getByRole("group", { name: "Seats at the table" }).getByText("Claude").click();
  await expect(chair(page).locator("option:checked")).toHaveText("Gemini (default)");
  await page.getByRole("group", { name: "Seats at the table" }).getByText("Claude").click();

  await page.getByRole("group", { name: "Seats at the table" }).getByText("DeepSeek").click();
  await chair(page).selectOption("Perplexity");
  await page.getByText("Peer review", { exact: true }).click();
  await question(page).fill("What does a river owe its source?");
  await invokeButton(page).click();
  await expect(asked(page, 1).getByText("The Council has spoken")).toBeVisible({ timeout: 30_000 });

  // Reloaded, as from another tab: the session's settings are the server's, shown folded.
  await page.reload();
  await expect(settingsLine(page)).toContainText("3 seats · chair Perplexity · peer review");
  await question(page).fill("And what does the sea owe the river?");
  await invokeButton(page).click();
  const second = asked(page, 2);
  await expect(second.getByText("The Council has spoken")).toBeVisible({ timeout: 30_000 });
  for (const seat of ["Gemini", "Claude", "Perplexity"]) await expect(card(second, seat)).toContainText("Answered");
  await expect(card(second, "DeepSeek")).toHaveCount(0);
  await expect(card(second, "Synthesis")).toContainText("spoken by the chair: Perplexity");

  // The reviewers read letters; the reader reads seats, in the ranking and in every reason.
  const review = second.getByRole("region", { name: "Peer review" });
  const table = review.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(review).not.toContainText(/Answer [A-D]\b/);
  // Each row names the reviewers who put it first; each of them ranked that seat first below.
  const firsts = await table.getByRole("row").evaluateAll((rows) =>
    rows.slice(1).flatMap((row) => {
      const cell = row.querySelectorAll("td")[1]!;
      const [seat, ...lines] = [...cell.children].filter((child) => child.getAttribute("aria-hidden") !== "true").map((child) => child.textContent ?? "");
      return lines.flatMap((line) =>
        line
          .replace(/^First for /, "")
          .split(", ")
          .map((reviewer) => ({ seat: seat!, reviewer })),
      );
    }),
  );
  expect(firsts.length).toBeGreaterThan(0);
  const reviewers = review.getByRole("list", { name: "The reviewers" }).getByRole("listitem");
  for (const { seat, reviewer } of firsts) {
    await expect(reviewers.filter({ hasText: new RegExp(`^${reviewer} ranked ${seat}\\b`) })).toHaveCount(1);
  }
  // Each reviewer's critique is shown whole, in seats' names.
  const critiques = review.getByTestId("review-critique");
  await expect(critiques).toHaveCount(3);
  for (const critique of await critiques.allTextContents()) expect(critique).toMatch(/\b(Gemini|Claude|Perplexity)\b/);

  // Changing opens the choices as the session has them; keeping them folds them again.
  await page.getByRole("button", { name: "Change for this question" }).click();
  await expect(page.getByRole("checkbox", { name: "DeepSeek" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Peer review" })).toBeChecked();
  await expect(chair(page)).toHaveValue("perplexity");
  await page.getByRole("button", { name: "Keep the session's settings" }).click();
  await expect(settingsLine(page)).toContainText("3 seats · chair Perplexity · peer review");
  await photographScreen(page, "council-acts-settings", undefined, undefined, async (p) => {
    await settingsLine(p).scrollIntoViewIfNeeded();
  });
});

test("Stop leaves the seats stopped with their words and asks no other chair; one seat is asked again alone, then the silent seats", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/summon");
  await question(page).fill("How far does a whisper travel before it is a rumour?");
  await invokeButton(page).click();
  const first = asked(page, 1);
  // Stopped once every seat has said something: their words so far are kept.
  for (const seat of SEATS) await expect(card(first, seat).locator("[data-voice-words]")).toHaveText(/\w+ \w+/, { timeout: 20_000 });
  await first.getByRole("button", { name: "Stop" }).click();
  await expect(first.getByText(/^The Council was stopped · /)).toBeVisible({ timeout: 20_000 });

  // Calm: "Stopped", never a red FAILED, and no chair took over.
  await expect(first.getByText("Failed", { exact: true })).toHaveCount(0);
  await expect(first.getByText("This seat could not answer.")).toHaveCount(0);
  await expect(first.getByText(/The chair changed hands/)).toHaveCount(0);
  await expect(card(first, "Synthesis")).toContainText("Stopped");
  const stopped = answers(first, 1)
    .getByRole("article")
    .filter({ hasText: /Stopped (here|before)/ });
  await expect(stopped.first()).toBeVisible();
  await expect(answers(first, 1).getByText("Stopped here, at your word.").first()).toBeVisible();
  const silent = await stopped.evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")!));
  expect(silent.length).toBeGreaterThan(1);
  await expect(first.getByRole("button", { name: /^Show the seats' answers|Fold the seats' answers/ })).toBeHidden();
  // How far each seat got depends on the machine: the words are masked, in a box of one height.
  await page.addStyleTag({ content: "[data-stopped-words] { height: 5.5em; overflow: hidden; }" });
  await photographScreen(
    page,
    "council-acts-stopped",
    (p) => [p.locator("[data-stopped-words]")],
    undefined,
    async (p) => {
      // On a phone the seats are folded under the synthesis: unfolded, the stopped words show under it.
      const unfold = asked(p, 1).getByRole("button", { name: /^Show the seats' answers/ });
      if (await unfold.isVisible()) {
        await unfold.click();
        await toTop(card(asked(p, 1), "Synthesis"));
      } else await answers(asked(p, 1), 1).evaluate((grid) => grid.scrollIntoView({ block: "center", behavior: "instant" }));
    },
  );

  // Asked again: exactly that seat; the other stopped seats keep their words as they were.
  const [retried, ...others] = silent;
  const kept = await Promise.all(others.map((seat) => card(first, seat).innerText()));
  for (const words of kept) expect(words).toMatch(/Stopped (here|before)/);
  await card(first, retried!).getByRole("button", { name: "Ask again" }).click();
  await expect(card(first, retried!)).toContainText("Answered", { timeout: 20_000 });
  await expect(card(first, "Synthesis")).toContainText("Answered", { timeout: 20_000 });
  await expect(first.getByText("The Council has spoken")).toBeVisible();
  for (const [index, seat] of others.entries()) await expect.poll(() => card(first, seat).innerText()).toBe(kept[index]);

  // The silent seats, all at once.
  await first.getByRole("button", { name: new RegExp(`^Ask the ${others.length} silent seats again$`) }).click();
  for (const seat of SEATS) await expect(card(first, seat)).toContainText("Answered", { timeout: 30_000 });
  await expect(first.getByText("The Council has spoken")).toBeVisible({ timeout: 20_000 });
  await expect(first.getByRole("button", { name: /silent seats again/ })).toHaveCount(0);
});

test("on a phone the synthesis comes first, the seats folded under it", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/summon");
  await question(page).fill("Which star is the oldest name?");
  await invokeButton(page).click();
  const first = asked(page, 1);
  await expect(first.getByText("The Council has spoken")).toBeVisible({ timeout: 30_000 });
  const synthesis = card(first, "Synthesis");
  await expect(synthesis).toBeVisible();
  for (const seat of SEATS) await expect(card(first, seat)).toBeHidden();
  // The synthesis sits right under the question, above the fold of the seats.
  const box = await synthesis.boundingBox();
  const unfold = first.getByRole("button", { name: "Show the seats' answers (4 of 4)" });
  expect((await unfold.boundingBox())!.y).toBeGreaterThan(box!.y);
  await synthesis.scrollIntoViewIfNeeded();
  await photographScreen(page, "council-acts-phone", undefined, undefined, async (p) => {
    await toTop(asked(p, 1));
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await unfold.click();
  await expect(first.getByRole("button", { name: "Fold the seats' answers" })).toHaveAttribute("aria-expanded", "true");
  for (const seat of SEATS) await expect(card(first, seat)).toBeVisible();
});
