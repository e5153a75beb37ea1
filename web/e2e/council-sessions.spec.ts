// Council sessions at the Summoning Gate (issue #17): the seats and chair chosen, the cost
// estimated before asking, a peer review ranked under the answers, a follow-up asked within the
// session, the session in the asker's history at its own address, and shared with a stranger.
// The e2e server runs the offline oracle for every seat: it answers, reviews and costs nothing.
import { expect, test, type Browser, type Locator, type Page } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { captureScreen, photographScreen } from "./support/screens";
import { toast } from "./support/toasts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const question = (page: Page) => page.getByLabel("Your question for the Council");
const invokeButton = (page: Page) => page.getByRole("button", { name: "INVOKE THE COUNCIL" });
const estimate = (page: Page) => page.getByTestId("council-estimate");
const asked = (page: Page, n: number) => page.getByRole("region", { name: new RegExp(`^QUESTION ${n} · THE COUNCIL WAS ASKED`) });
const card = (scope: Locator, name: string) => scope.getByRole("article", { name, exact: true });
const peerReview = (scope: Locator) => scope.getByRole("region", { name: "Peer review" });
const history = (page: Page) => page.getByRole("navigation", { name: "PAST SESSIONS" });
const SESSION_URL = /\/summon\/[0-9a-f-]{36}$/;

/** The ranking table's rows as a reader sees them: rank, then the seat with its reasons, then points. */
async function rankingRows(scope: Locator): Promise<{ rank: string; seat: string; reasons: string; points: number }[]> {
  const rows = peerReview(scope).getByRole("table").getByRole("row");
  return rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) => {
      const [rank, answer, points] = [...tr.querySelectorAll("td")];
      const [seat, ...reasons] = [...answer!.children].filter((child) => child.getAttribute("aria-hidden") !== "true").map((child) => child.textContent ?? "");
      return { rank: rank!.textContent ?? "", seat: seat ?? "", reasons: reasons.join("\n"), points: Number(points!.textContent) };
    }),
  );
}

/** A question answered by the three seats chosen, reviewed, and synthesised by the chair. */
async function expectReviewedAnswer(scope: Locator, chair: string) {
  for (const seat of ["Gemini", "Claude", "Perplexity"]) {
    await expect(card(scope, seat)).toContainText("Answered", { timeout: 20_000 });
    await expect(card(scope, seat)).toContainText("nomina-oracle-1");
    await expect(card(scope, seat)).toContainText("cost $0 (the oracle is free)");
  }
  await expect(card(scope, "DeepSeek")).toHaveCount(0);
  await expect(card(scope, "Synthesis")).toContainText("Answered", { timeout: 20_000 });
  await expect(card(scope, "Synthesis")).toContainText(`spoken by the chair: ${chair}`);
  await expect(scope.getByText("The Council has spoken")).toBeVisible();

  // Three answers, each ranked by the two others: the table ranks all three by Borda points.
  const rows = await rankingRows(scope);
  expect(rows.map((row) => row.rank)).toEqual(["1", "2", "3"]);
  expect(rows.map((row) => row.seat).sort()).toEqual(["Claude", "Gemini", "Perplexity"]);
  const points = rows.map((row) => row.points);
  expect([...points].sort((a, b) => b - a)).toEqual(points);
  expect(points.reduce((a, b) => a + b, 0)).toBe(3); // each reviewer gives its first one point
  // The first row names who put it first; each of them ranked that seat first in the list below.
  expect(rows[0]!.reasons).toMatch(/^First for (Gemini|Claude|Perplexity)(, (Gemini|Claude|Perplexity))*$/);
  const reviewers = peerReview(scope).getByRole("list", { name: "The reviewers" }).getByRole("listitem");
  await expect(reviewers).toHaveCount(3);
  for (const reviewer of rows[0]!.reasons.replace(/^First for /, "").split(", ")) {
    await expect(reviewers.filter({ hasText: new RegExp(`^${reviewer} ranked ${rows[0]!.seat} › `) })).toHaveCount(1);
  }
  for (const reviewer of await reviewers.all()) await expect(reviewer).toContainText(/ranked \w+ › \w+ · cost \$0 \(the oracle is free\)/);
  // The reviewers read letters; the reader reads each critique in seats' names.
  await expect(peerReview(scope)).not.toContainText(/Answer [A-D]\b/);
  for (const critique of await peerReview(scope).getByTestId("review-critique").allTextContents()) expect(critique).toMatch(/\b(Gemini|Claude|Perplexity)\b/);
}

async function openInFreshBrowser(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

test("a two-question session with peer review: estimate, ranking, follow-up, history and a shared page", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.goto("/summon");
  await expect(history(page)).toContainText("No sessions yet.");
  await expect(estimate(page)).toHaveText("Speak a question to see what it would cost.");

  // Three seats, Gemini in the chair, the seats reviewing each other.
  for (const seat of ["Gemini", "Claude", "Perplexity", "DeepSeek"]) await expect(page.getByRole("checkbox", { name: seat })).toBeChecked();
  await page.getByRole("group", { name: "Seats at the table" }).getByText("DeepSeek").click();
  await expect(page.getByRole("checkbox", { name: "DeepSeek" })).not.toBeChecked();
  await expect(page.getByRole("article", { name: "DeepSeek", exact: true })).toHaveCount(0);
  await page.getByLabel("The chair").selectOption("Gemini");
  await page.getByText("Peer review", { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "Peer review" })).toBeChecked();

  // The estimate, before anything is asked: the oracle is free, and three questions remain today.
  await question(page).fill("What does a lighthouse teach about patience?");
  await expect(estimate(page)).toHaveText("Estimated cost $0: the offline oracle answers every seat, and the oracle is free · chaired by Gemini");
  await expect(page.getByTestId("daily-allowance")).toHaveText("3 of 3 Council questions left today");
  await photographScreen(page, "council-ask");

  await invokeButton(page).click();
  await expect(page).toHaveURL(SESSION_URL);
  const sessionUrl = page.url();
  await expect(question(page)).toHaveValue("");
  const first = asked(page, 1);
  await expect(first).toContainText("“What does a lighthouse teach about patience?”");
  await expectReviewedAnswer(first, "Gemini");
  await expect(page.getByText("1 question · this session cost $0 in all")).toBeVisible();
  await expect(history(page).getByRole("link", { name: "What does a lighthouse teach about patience?" })).toHaveAttribute("aria-current", "page");

  // A follow-up, asked the same way within the session (its settings shown folded): the Council hears the first question.
  await expect(page.getByTestId("council-settings")).toContainText("3 seats · chair Gemini · peer review");
  await question(page).fill("And what does it teach about storms?");
  await expect(page.getByTestId("daily-allowance")).toHaveText("2 of 3 Council questions left today");
  await question(page).press("Control+Enter");
  const second = asked(page, 2);
  await expect(second).toContainText("“And what does it teach about storms?”");
  await expectReviewedAnswer(second, "Gemini");
  // Its "it" is read as the lighthouse asked about before.
  await expect(card(second, "Claude")).toContainText("a lighthouse");
  await expect(card(second, "Claude")).toContainText("storms");
  await expect(page).toHaveURL(sessionUrl);
  await expect(page.getByText("2 questions · this session cost $0 in all")).toBeVisible();
  await expect(history(page).getByRole("listitem")).toHaveCount(1);
  await expect(history(page)).toContainText("2 questions · $0");

  // The follow-up's peer review, at the foot of the screen, at both sizes.
  await captureScreen(page, "council-session", (p) => peerReview(asked(p, 2)).evaluate((table) => table.scrollIntoView({ block: "end", behavior: "instant" })));

  // Private until shared: a stranger finds nothing there.
  const stranger = await openInFreshBrowser(browser, sessionUrl);
  await expect(stranger.page.getByRole("alert")).toContainText("Session not found");
  await stranger.close();

  // Asked first: kept private, nothing changes; confirmed, it is shared and the link copied.
  await page.getByRole("button", { name: "Share session" }).click();
  const ask = page.getByRole("alertdialog", { name: "Share this session?" });
  await expect(ask).toContainText("the follow-ups you ask later too");
  await ask.getByRole("button", { name: "Keep it private" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByText("Public", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Share session" }).click();
  await ask.getByRole("button", { name: "Share and copy link" }).click();
  await expect(toast(page, "Link copied")).toContainText("Anyone with the link can read this session.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sessionUrl);
  await expect(page.getByText("Public", { exact: true })).toBeVisible();

  // Shared: a stranger reads both questions, the reviews and the synthesis, and cannot ask.
  const reader = await openInFreshBrowser(browser, sessionUrl);
  await expect(reader.page.getByText("A SESSION SHARED FROM THE COUNCIL")).toBeVisible();
  await expectReviewedAnswer(asked(reader.page, 1), "Gemini");
  await expectReviewedAnswer(asked(reader.page, 2), "Gemini");
  await expect(reader.page.getByLabel("Your question for the Council")).toHaveCount(0);
  await expect(reader.page.getByText("This session is read-only.")).toBeVisible();
  await expect(reader.page).toHaveTitle("What does a lighthouse teach about patience? · The Council · Nomina");
  await expectAccessible(reader.page, "a shared session");
  await reader.close();

  // 'New session' starts afresh; the past one stays in the history.
  await history(page).getByRole("link", { name: "New session" }).click();
  await expect(page).toHaveURL(/\/summon$/);
  await expect(card(page.getByRole("region", { name: "The Council's seats" }), "Gemini")).toContainText("Awaits your question");
  await history(page).getByRole("link", { name: "What does a lighthouse teach about patience?" }).click();
  await expect(page).toHaveURL(sessionUrl);
  await expect(asked(page, 2)).toBeVisible();
});

test("stop ends the Council mid-speech; a seat cut short is asked again alone", async ({ page }) => {
  await page.goto("/summon");
  await question(page).fill("How long is a moment in the network?");
  await invokeButton(page).click();
  await expect(asked(page, 1).getByText("The Council has spoken")).toBeVisible({ timeout: 20_000 });

  // A follow-up (its Stop shows the moment it is asked), stopped while the seats still speak.
  await expect(page.getByTestId("council-settings")).toContainText("4 seats · chair Claude (default) · no peer review");
  await page.getByRole("button", { name: "Change for this question" }).click();
  await page.getByText("Peer review", { exact: true }).click();
  await question(page).fill("And how long is forever?");
  await invokeButton(page).click();
  const second = asked(page, 2);
  const stop = second.getByRole("button", { name: "Stop" });
  await stop.click();
  await expect(second.getByText(/^The Council was stopped · /)).toBeVisible();
  await expect(stop).toHaveCount(0);
  await question(page).fill("Is it still there?");
  await expect(invokeButton(page)).toBeEnabled();
  await question(page).fill("");

  // A seat that did not finish reads as stopped, calmly, and may be asked again without asking the others.
  const cutShort = second
    .getByRole("region", { name: "Answers to question 2" })
    .getByRole("article")
    .filter({ hasText: /Stopped (here|before)/ })
    .first();
  await expect(cutShort).toContainText("Stopped");
  await expect(second.getByText("This seat could not answer.")).toHaveCount(0);
  const seat = (await cutShort.getAttribute("aria-label"))!;
  await cutShort.getByRole("button", { name: "Ask again" }).click();
  await expect(card(second, seat)).toContainText("Answered", { timeout: 20_000 });
  await expect(card(second, "Synthesis")).toContainText("Answered", { timeout: 20_000 });
  await expect(second.getByText("The Council has spoken")).toBeVisible();
});
