// The Summoning Gate: one question, four seats streaming into their cards (the oracle stands in
// for every seat here: no keys), then the synthesis; blank questions stay home; the fourth
// synthesis of a day meets the quota; a session ended elsewhere is dropped.
import { expect, test, type Page } from "./support/test";
import { graphql, signedUpToken, storedToken, useToken } from "./support/accounts";
import { steerOperations } from "./support/network";
import { nextFrame } from "./support/timing";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

const SEATS = ["Gemini", "Claude", "Perplexity", "DeepSeek"];

const question = (page: Page) => page.getByLabel("Your question for the Council");
const invokeButton = (page: Page) => page.getByRole("button", { name: "INVOKE THE COUNCIL" });
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** Every invokeCouncil the page sends over its socket. */
function watchInvocations(page: Page): string[] {
  const sent: string[] = [];
  page.on("websocket", (socket) =>
    socket.on("framesent", ({ payload }) => {
      if (String(payload).includes("useInvokeCouncilMutation")) sent.push(String(payload));
    }),
  );
  return sent;
}

/**
 * Notes, in the page, the order in which each card first shows each of `states`: a state that
 * lasts less than an assertion's poll (a seat may stream its whole answer in under a second)
 * is still seen.
 */
async function recordCardStates(page: Page, states: string[]): Promise<() => Promise<string[]>> {
  await page.evaluate((states) => {
    const seen: string[] = [];
    (window as unknown as { cardStates: string[] }).cardStates = seen;
    const note = () => {
      for (const article of document.querySelectorAll("article[aria-label]")) {
        for (const state of states) {
          const entry = `${article.getAttribute("aria-label")}: ${state}`;
          if (article.textContent?.includes(state) && !seen.includes(entry)) seen.push(entry);
        }
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, states);
  return () => page.evaluate(() => (window as unknown as { cardStates: string[] }).cardStates);
}

test("a question streams into the four seat cards, each marked as the oracle, then the synthesis", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "summon");
  await useToken(page, token);
  await page.goto("/summon");
  await expect(page.getByRole("heading", { level: 1, name: "Summoning Gate" })).toBeVisible();
  for (const seat of SEATS) await expect(card(page, seat)).toContainText("Awaits your question");

  const cardStates = await recordCardStates(page, ["Speaking", "Answered"]);
  await question(page).fill("What does a name weigh in the network?");
  await invokeButton(page).click();
  await expect(question(page)).toHaveValue("");
  await expect(page.getByText("“What does a name weigh in the network?”")).toBeVisible();
  await expect(invokeButton(page)).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: /The Council (convenes|speaks)/ })).toBeVisible();
  // The loading ritual turns: its ring and the seats' sigils orbit the eye.
  const orbiting = await page.evaluate(
    () => document.getAnimations().filter((animation) => (animation as CSSAnimation).animationName === "nm-orbit" && animation.playState === "running").length,
  );
  expect(orbiting).toBe(2);

  for (const seat of SEATS) {
    await expect(card(page, seat)).toContainText("Answered", { timeout: 20_000 });
    await expect(card(page, seat)).toContainText("Oracle");
    await expect(card(page, seat)).toContainText("nomina-oracle-1");
    expect((await card(page, seat).innerText()).length).toBeGreaterThan(80);
  }
  await expect(card(page, "Synthesis")).toContainText("Answered", { timeout: 20_000 });
  await expect(card(page, "Synthesis")).toContainText("spoken by the chair");
  // The cards filled while the seats spoke: each seat was seen speaking, then answered, before
  // the synthesis was.
  const order = await cardStates();
  for (const seat of SEATS) {
    expect(order).toContain(`${seat}: Speaking`);
    expect(order.indexOf(`${seat}: Speaking`)).toBeLessThan(order.indexOf(`${seat}: Answered`));
    expect(order.indexOf(`${seat}: Answered`)).toBeLessThan(order.indexOf("Synthesis: Answered"));
  }
  await expect(page.getByText("The Council has spoken")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /The Council (convenes|speaks)/ })).toHaveCount(0);
  await expect(invokeButton(page)).toBeDisabled(); // the input is empty again

  // The question's placeholder changes every 4 s.
  await captureScreen(
    page,
    "summon",
    async () => {},
    (p) => [question(p)],
  );
});

test("the placeholder suggests a new question every 4 s", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
  await page.goto("/summon");
  const first = await question(page).getAttribute("placeholder");
  expect(first).toBeTruthy();
  await page.clock.runFor(3_900);
  await expect(question(page)).toHaveAttribute("placeholder", first!);
  await page.clock.runFor(200);
  const second = await question(page).getAttribute("placeholder");
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  await page.clock.runFor(4_000);
  await expect(question(page)).not.toHaveAttribute("placeholder", second!);
});

test("blank questions are not sent; Ctrl+Enter sends a real one", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "summon-keys");
  const sent = watchInvocations(page);
  await useToken(page, token);
  await page.goto("/summon");

  await question(page).fill("   \n  ");
  await expect(invokeButton(page)).toBeDisabled();
  await question(page).press("Enter");
  await question(page).press("Control+Enter");
  await nextFrame(page);
  for (const seat of SEATS) await expect(card(page, seat)).toContainText("Awaits your question");

  // Shift+Enter is a new line; Enter invokes (⌘/Ctrl+Enter still does, below).
  await question(page).fill("Which silence");
  await question(page).press("Shift+Enter");
  await question(page).pressSequentially("is the loudest?");
  await expect(question(page)).toHaveValue("Which silence\nis the loudest?");
  await question(page).fill("Which silence is the loudest?");
  await question(page).press("Enter");
  await expect(question(page)).toHaveValue("");
  await expect(card(page, "Gemini")).toContainText(/Speaking|Answered/);
  // One socket carries the page's operations in order: a blank question sent above would be the
  // first invocation on the wire, before the one the seats are answering now.
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain("Which silence is the loudest?");
});

test("the fourth synthesis of the day shows the quota toast and clears the ritual", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "summon-quota");
  for (let i = 0; i < 3; i++) {
    const result = await graphql(request, token, "useInvokeCouncilMutation", { input: { prompt: "Count me" }, questions: [], sessions: [] });
    expect(result.errors).toBeUndefined();
  }
  await useToken(page, token);
  await page.goto("/summon");
  await question(page).fill("One question too many?");
  await invokeButton(page).click();

  await expect(toast(page, "Your truth quota has been reached")).toContainText("The network awaits your deeper initiation...");
  await expect(page.getByRole("status").filter({ hasText: /The Council (convenes|speaks)/ })).toHaveCount(0);
  await expect(question(page)).toHaveValue("One question too many?");
  await expect(invokeButton(page)).toBeEnabled();
});

test("a session ended elsewhere: the ritual fails with the reason, and the token is dropped", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "summon-ended");
  await useToken(page, token);
  // The question's cost estimate is held back, and the day's allowance and the session's viewer
  // (asked when the Gate first needs them, which may be after the logout) are answered here, so
  // that the ritual is the first to hear the session has ended however slowly the machine types
  // (any of them would drop the token first).
  await steerOperations(page, {
    CostEstimateQuery: { hold: true },
    DailyAllowanceQuery: { data: { dailyAllowance: { councilQuestionsLeft: 3, councilQuestionsLimit: 3, ritualsLeft: 3 } } },
    SessionViewerQuery: { data: { viewer: { id: "VXNlcjpzdW1tb24tZW5kZWQ=", name: "Summon Ended", email: "summon-ended@example.test", verified: true } } },
    // The bell's count and its live feed (#30) would hear it too.
    NotificationBellQuery: { data: { unreadNotificationCount: 0 } },
    NotificationBellSubscription: { hold: true },
  });
  await page.goto("/summon");
  // The Gate has heard from the server with the token (the asker's past sessions), before it ends.
  await expect(page.getByText("No sessions yet.")).toBeVisible();
  const logout = await request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(200);

  await question(page).fill("Am I still here?");
  await question(page).press("Control+Enter");
  await expect(toast(page, "The ritual failed")).toContainText("Your session has ended. Sign in again.");
  await expect.poll(() => storedToken(page)).toBeNull();
  await expect(invokeButton(page)).toBeEnabled();
});
