// The Council Terminal (spec 2, 5, 8): its texts, limits and toasts, the 25 motes, and above
// all that it is live: what one visitor does appears in every other open terminal, no reload.
import { expect, test, type Browser, type Page } from "./support/test";
import { agentByUsername, postFrom } from "./support/api";
import { expectAccessible } from "./support/a11y";
import { animationTimePasses } from "./support/timing";
import { photographScreen } from "./support/screens";
import { routeLiveSocket, type LiveSocket } from "./support/socket";

const LIVE = ["AscendedMembersSubscription", "RecentWhispersSubscription", "RitualLogPanelSubscription"];

/** A terminal in a browser context of its own (another visitor), its live feeds in place. */
async function openTerminal(browser: Browser, path = "/council"): Promise<{ page: Page; socket: LiveSocket; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const socket = await routeLiveSocket(page);
  await page.goto(path);
  await socket.ready(...LIVE);
  return { page, socket, close: () => context.close() };
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });
/**
 * What every spec writes to the Council at once (its scrolling lists, held at their full height
 * while photographed by support/screens.css), and the day of an ascension.
 */
const shared = (page: Page) => [
  page.getByRole("list", { name: "Agents to nominate" }).locator(".."),
  page.getByRole("region", { name: "Recent whispers, scrollable" }),
  page.getByRole("region", { name: "Council activity, scrollable" }),
  page.getByText(/^Ascended: /),
  page.getByText(/at the Gate · /),
];
const nominee = (page: Page, name: string) => page.getByRole("listitem", { name });

test("shows the terminal on both routes, its three tabs, the first selected", async ({ page }) => {
  for (const path of ["/council", "/council-terminal"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Council Terminal" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText(["AGENT NOMINATION", "WHISPER ELEVATION", "RITUALS LOG"]);
    await expect(tab(page, "AGENT NOMINATION")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByPlaceholder("Search agents to nominate...")).toBeVisible();
  }
});

test("lists agents newest first with glyph, name and essence, and searches by name", async ({ page, baseURL }) => {
  const forged = await postFrom(baseURL!, "127.0.0.1", "/api/agents", {
    name: "Nominee Fresh Spark",
    glyph: "✸",
    personality: "The newest mind in the network, eager to serve.",
    apiModel: "claude",
  });
  expect(forged.status).toBe(201);
  await page.goto("/council");
  const list = page.getByRole("list", { name: "Agents to nominate" });
  await expect(nominee(page, "Nominee Fresh Spark")).toBeVisible();
  const names = await list.getByRole("heading", { level: 3 }).allTextContents();
  // Newest first: the agent just forged is on the first page, before every genesis agent (the
  // oldest, a page further down once the other specs have forged enough).
  expect(names).toContain("Nominee Fresh Spark");
  const genesis = names.indexOf("Nomenclator");
  expect(genesis === -1 || genesis > names.indexOf("Nominee Fresh Spark"), names.join(", ")).toBe(true);
  const card = nominee(page, "Nominee Fresh Spark");
  await expect(card.getByRole("img", { name: "Nominee Fresh Spark's glyph" })).toHaveText("✸");
  // Its essence as it awoke: the oracle's own sentence about it (#29).
  await expect(card.getByText(/Nominee Fresh Spark (is|was made for) /)).toBeVisible();
  await expect(card.getByRole("button", { name: "Nominate for Council" })).toBeVisible();
  await expect(card.getByTestId("nomination-count")).toHaveCount(0);

  await page.getByPlaceholder("Search agents to nominate...").fill("ECHO");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Echo Haiku"]);
  await page.getByPlaceholder("Search agents to nominate...").fill("qwzx vbnrt");
  await expect(page.getByText("No agents found")).toBeVisible();
});

// One after the other, in this order: the whisper's screens show the terminal before any
// agent has ascended, and the nomination's members grid holds the one ascension it made.
test.describe("live in every terminal", () => {
  test.describe.configure({ mode: "default" });

  test("a whisper sent in one terminal appears in another within 2 s, with the Council's answer", async ({ browser }) => {
    const [sender, watcher] = [await openTerminal(browser), await openTerminal(browser)];
    try {
      await tab(sender.page, "WHISPER ELEVATION").click();
      await tab(watcher.page, "WHISPER ELEVATION").click();
      const box = sender.page.getByRole("textbox", { name: "Speak a truth to the Council..." });
      await expect(box).toHaveAttribute("rows", "4");
      const truth = `The lattice hums at ${Date.now()}`;
      await box.fill(truth);
      await expect(sender.page.getByText(`${truth.length}/500`)).toBeVisible();
      await sender.page.getByRole("button", { name: "Submit Whisper" }).click();

      const toast = sender.page.getByRole("status").filter({ hasText: "Whisper Received" });
      await expect(toast).toBeVisible();
      await expect(box).toHaveValue("");
      await expect(sender.page.getByText("0/500")).toBeVisible();
      const mine = sender.page
        .getByRole("list", { name: "Recent whispers" })
        .getByRole("listitem")
        .filter({ hasText: `“${truth}”` });
      await expect(mine).toHaveCount(1);
      const answer = (await mine.locator("p").nth(1).textContent())!.replace(/^— /, "");
      expect(answer.length).toBeGreaterThan(0);
      await expect(toast).toContainText(answer);
      // The e2e server has no model keys: the offline oracle answered, and both places say so.
      await expect(toast).toContainText(`Oracle: ${answer}`);
      await expect(mine.getByText("Oracle", { exact: true })).toBeVisible();

      const heard = watcher.page
        .getByRole("list", { name: "Recent whispers" })
        .getByRole("listitem")
        .filter({ hasText: `“${truth}”` });
      await expect(heard).toBeVisible({ timeout: 2_000 });
      await expect(heard).toContainText(`— ${answer}`);
      await expect(heard.getByText("Oracle", { exact: true })).toBeVisible();
      await expect(heard.locator("time")).toBeVisible();

      await tab(watcher.page, "RITUALS LOG").click();
      const entry = watcher.page.getByRole("list", { name: "Council activity" }).getByRole("listitem").filter({ hasText: truth });
      await expect(entry).toContainText(`A whisper reached the Council: "${truth}"`);
      await expect(entry).toContainText("whisper");
      await expect(entry).toContainText("by anonymous");
      await photographScreen(watcher.page, "council-rituals", shared);
      await tab(sender.page, "WHISPER ELEVATION").click();
      await photographScreen(sender.page, "council-whisper", shared);
    } finally {
      await Promise.all([sender.close(), watcher.close()]);
    }
  });

  test("a nomination raises the count and writes the log in every terminal within 2 s; ascension fills the members grid", async ({ browser, baseURL }) => {
    const agent = await agentByUsername(baseURL!, "cartographer");
    const [nominator, watcher] = [await openTerminal(browser), await openTerminal(browser)];
    try {
      await expect(watcher.page.getByRole("heading", { name: "ASCENDED COUNCIL MEMBERS" })).toHaveCount(0);
      await expect(nominee(watcher.page, agent.name).getByTestId("nomination-count")).toHaveCount(0);

      await nominee(nominator.page, agent.name).getByRole("button", { name: "Nominate for Council" }).click();
      await expect(nominator.page.getByRole("status").filter({ hasText: "Nomination Submitted" })).toContainText(
        "Your nomination has been recorded by the Council",
      );
      await expect(nominee(nominator.page, agent.name).getByTestId("nomination-count")).toHaveText("1");

      await expect(nominee(watcher.page, agent.name).getByTestId("nomination-count")).toHaveText("1", { timeout: 2_000 });
      await tab(watcher.page, "RITUALS LOG").click();
      // Other specs write to the same log at the same time: find the entry by what it says.
      const activity = watcher.page.getByRole("list", { name: "Council activity" }).getByRole("listitem");
      const log = activity.filter({ hasText: `${agent.name} was nominated for the Council` });
      await expect(log).toBeVisible({ timeout: 2_000 });
      await expect(log).toContainText("nomination");
      await expect(log).toContainText("by anonymous");

      // Two more visitors (other addresses) reach the threshold of 3: the agent ascends.
      expect(
        (await postFrom(baseURL!, "127.0.3.1", "/api/council/nominate", { agentId: agent.id, agentName: agent.name, nominatedBy: "anonymous", reason: "" }))
          .status,
      ).toBe(201);
      expect(
        (await postFrom(baseURL!, "127.0.3.2", "/api/council/nominate", { agentId: agent.id, agentName: agent.name, nominatedBy: "anonymous", reason: "" }))
          .status,
      ).toBe(201);
      for (const page of [nominator.page, watcher.page]) {
        const members = page.getByRole("region", { name: "ASCENDED COUNCIL MEMBERS" });
        await expect(members).toBeVisible({ timeout: 2_000 });
        await expect(members.getByRole("article", { name: agent.name })).toContainText(/Ascended: \w{3} \d{1,2}, \d{4}/);
      }
      await expect(nominee(nominator.page, agent.name).getByTestId("nomination-count")).toHaveText("3");
      await expect(activity.filter({ hasText: `${agent.name} ascended to the Council` })).toContainText("by The Council");
      await photographScreen(nominator.page, "council", shared);
    } finally {
      await Promise.all([nominator.close(), watcher.close()]);
    }
  });

  // #28: the member just ascended takes its seat at the Gate (the e2e seats are the offline
  // oracle, which answers in the member's persona), chairs, and its card in the Terminal counts it.
  test("an ascended member answers at the Gate in persona, chairs, and is counted in the Terminal", async ({ page }) => {
    test.setTimeout(90_000);
    const name = "Cartographer of Lost Signals";
    await page.goto("/summon");
    await page.getByRole("button", { name: "Seat the Ascended" }).click();
    const ascended = page.getByRole("group", { name: "The Ascended" });
    const member = ascended.getByRole("checkbox", { name: new RegExp(name) });
    await member.click({ force: true });
    await expect(member).toBeChecked();
    await page.getByLabel("The chair").selectOption(`${name} (Gemini's seat)`);
    await page.getByLabel("Your question for the Council").fill("Where do lost signals go?");
    await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();
    const question = page.getByRole("region", { name: /^QUESTION 1 · THE COUNCIL WAS ASKED/ });
    await expect(question.getByText("The Council has spoken")).toBeVisible({ timeout: 30_000 });

    // Its card names it, over the seat it speaks through, and its words are its own: the
    // cartographer's field notes and maps, not the Gemini seat's many angles.
    const card = question.getByRole("article", { name, exact: true });
    await expect(card).toContainText("Ascended, in Gemini's seat");
    await expect(card).toContainText("Answered");
    await expect(card.locator("[data-voice-words]")).toHaveText(/field notes|map|chart/i);
    await expect(card.locator("[data-voice-words]")).not.toHaveText(/^Seen from several angles/);
    await expect(card.getByRole("link", { name })).toHaveAttribute("href", /^\/agents\/[0-9a-f-]{36}$/);
    await expect(question.getByRole("article", { name: "Gemini", exact: true })).toHaveCount(0);
    await expect(question.getByRole("article", { name: "Synthesis" })).toContainText(`spoken by the chair: ${name}`);
    await expect(page.getByTestId("council-settings")).toContainText(`4 seats · with ${name} · chair ${name} · no peer review`);
    await photographScreen(page, "summon-ascended");

    await page.goto("/council");
    const members = page.getByRole("region", { name: "ASCENDED COUNCIL MEMBERS" });
    await expect(members.getByRole("article", { name })).toContainText("Sat once at the Gate · Gemini's seat");
  });
});

test("a nomination says 'Nominating...' and a whisper 'Transmitting...' while the Council receives them", async ({ page }) => {
  const socket = await routeLiveSocket(page);
  await page.goto("/council");
  await socket.ready(...LIVE);

  const count = nominee(page, "Mnemosyne Archive").getByTestId("nomination-count");
  const before = (await count.count()) > 0 ? Number(await count.textContent()) : 0;
  const nomination = socket.holdNext("useNominateAgentMutation");
  await nominee(page, "Mnemosyne Archive").getByRole("button", { name: "Nominate for Council" }).click();
  const nominating = nominee(page, "Mnemosyne Archive").getByRole("button", { name: "Nominating..." });
  await expect(nominating).toBeDisabled();
  // The count rises at once, before the Council has answered.
  await expect(count).toHaveText(String(before + 1));
  nomination.release();
  await expect(page.getByRole("status").filter({ hasText: "Nomination Submitted" })).toBeVisible();
  await expect(nominee(page, "Mnemosyne Archive").getByRole("button", { name: "Nominate for Council" })).toBeEnabled();
  await expect(count).toHaveText(String(before + 1));

  await tab(page, "WHISPER ELEVATION").click();
  await page.getByRole("textbox", { name: "Speak a truth to the Council..." }).fill("Patience is a kind of answer.");
  const whisper = socket.holdNext("useWhisperToCouncilMutation");
  await page.getByRole("button", { name: "Submit Whisper" }).click();
  await expect(page.getByRole("button", { name: "Transmitting..." })).toBeDisabled();
  // The whisper shows in Recent Whispers at once, not yet answered; then once, with its answer.
  const sent = page.getByRole("list", { name: "Recent whispers" }).getByRole("listitem").filter({ hasText: "“Patience is a kind of answer.”" });
  await expect(sent).toHaveCount(1);
  await expect(sent).not.toContainText("— ");
  whisper.release();
  await expect(page.getByRole("status").filter({ hasText: "Whisper Received" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Whisper" })).toBeDisabled(); // the box is empty again
  await expect(sent).toContainText("— ");
  await expect(sent).toHaveCount(1);
});

test("Enter sends a whisper to the Council, and Shift+Enter starts a new line", async ({ page }) => {
  await page.goto("/council");
  await tab(page, "WHISPER ELEVATION").click();
  const box = page.getByRole("textbox", { name: "Speak a truth to the Council..." });
  await box.fill("A truth");
  await box.press("Shift+Enter");
  await box.pressSequentially("in two lines.");
  await expect(box).toHaveValue("A truth\nin two lines.");
  await box.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Whisper Received" })).toBeVisible();
  await expect(box).toHaveValue("");
});

test("the whisper box stops at 500 characters and refuses blank whispers", async ({ page }) => {
  await page.goto("/council");
  await tab(page, "WHISPER ELEVATION").click();
  const box = page.getByRole("textbox", { name: "Speak a truth to the Council..." });
  const submit = page.getByRole("button", { name: "Submit Whisper" });
  await expect(submit).toBeDisabled();
  await box.fill("   \n  ");
  await expect(submit).toBeDisabled();
  await box.fill("x".repeat(520));
  await expect(box).toHaveValue("x".repeat(500));
  await expect(page.getByText("500/500")).toBeVisible();
  await expect(submit).toBeEnabled();
});

test("failures say so in the spec's words and keep the whisper", async ({ page }) => {
  const socket = await routeLiveSocket(page);
  await page.goto("/council");
  await socket.ready(...LIVE);

  const count = nominee(page, "Echo Haiku").getByTestId("nomination-count");
  const before = (await count.count()) > 0 ? await count.textContent() : null;
  socket.failNext("useNominateAgentMutation", "The network is down");
  await nominee(page, "Echo Haiku").getByRole("button", { name: "Nominate for Council" }).click();
  const failed = page.getByRole("status").filter({ hasText: "Nomination Failed" });
  await expect(failed).toContainText("The Council could not record your nomination");
  // The count that rose at once is back where it was.
  if (before === null) await expect(count).toHaveCount(0);
  else await expect(count).toHaveText(before);

  await tab(page, "WHISPER ELEVATION").click();
  const box = page.getByRole("textbox", { name: "Speak a truth to the Council..." });
  await box.fill("This one will not arrive.");
  socket.failNext("useWhisperToCouncilMutation", "The network is down");
  await page.getByRole("button", { name: "Submit Whisper" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ritual Failed" })).toContainText("The Council could not receive your whisper");
  await expect(box).toHaveValue("This one will not arrive.");
  // It showed in Recent Whispers while sent, and is gone again.
  await expect(page.getByRole("list", { name: "Recent whispers" }).getByText("This one will not arrive.")).toHaveCount(0);
});

test("25 motes drift in 50 ms steps, pause while the tab is hidden, and stay still under reduced motion", async ({ page }) => {
  await page.goto("/council");
  const motes = page.getByTestId("council-particles").locator("[data-particle]");
  await expect(motes).toHaveCount(25);
  const colours = await motes.evaluateAll((elements) => [...new Set(elements.map((element) => getComputedStyle(element).backgroundColor))]);
  expect(colours.sort()).toEqual(["rgb(134, 239, 172)", "rgb(139, 233, 253)", "rgb(192, 132, 252)", "rgb(244, 114, 182)"]);

  // Each mote's drift: one looping animation whose value changes every 50 ms, all in step.
  const drift = () =>
    motes.evaluateAll((elements) =>
      elements.map((element) => {
        const [animation] = element.getAnimations();
        const timing = animation?.effect?.getTiming();
        const steps = Number(/steps\((\d+)/.exec(String(timing?.easing))?.[1]);
        return {
          state: animation?.playState,
          msPerStep: Number(timing?.duration) / steps,
          startTime: animation?.startTime,
          at: getComputedStyle(element).transform,
        };
      }),
    );
  const first = await drift();
  expect(first.every((mote) => mote.state === "running" && mote.msPerStep === 50)).toBe(true);
  expect(new Set(first.map((mote) => mote.startTime)).size).toBe(1);
  await expect.poll(async () => (await drift()).map((mote) => mote.at)).not.toEqual(first.map((mote) => mote.at));

  await page.evaluate(async () => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    // A pause takes hold at the next frame: read the motes once it has.
    await Promise.all(document.getAnimations().map((animation) => animation.ready));
  });
  const hidden = await drift();
  expect(hidden.every((mote) => mote.state === "paused")).toBe(true);
  // Six of the motes' steps on the clock they run on: a mote still drifting would have moved.
  await animationTimePasses(page, 300);
  expect((await drift()).map((mote) => mote.at)).toEqual(hidden.map((mote) => mote.at));

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  await expect(motes).toHaveCount(25);
  // Placed where they start once the page's effects have run, and never animated.
  await expect.poll(async () => (await drift()).every((mote) => mote.state === undefined && mote.at.startsWith("matrix("))).toBe(true);
  const still = await drift();
  await animationTimePasses(page, 300);
  expect((await drift()).map((mote) => mote.at)).toEqual(still.map((mote) => mote.at));
});

test("has no serious accessibility violation on any tab", async ({ page }) => {
  await page.goto("/council");
  await expect(page.getByRole("list", { name: "Agents to nominate" })).toBeVisible();
  await expectAccessible(page, "nomination");
  await tab(page, "WHISPER ELEVATION").click();
  await expectAccessible(page, "whisper");
  await tab(page, "RITUALS LOG").click();
  await expectAccessible(page, "rituals");
});
