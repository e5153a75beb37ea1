// Conversations (issue #16): the whisper box holds a thread on a profile and in an embed, each
// answer following what was said before; Stop, Regenerate and "2 of 3"; Markdown answers; the
// Conversations screen and a thread's own page, shared or private. The shared e2e server answers
// from the offline oracle; a model's own words (Markdown, an answer held open mid-stream) come
// from a private instance whose DeepSeek seat speaks through a local stand-in (support/keyed-server.ts).
import { expect, test, visitorAddress, type Locator, type Page } from "./support/test";
import { uniqueName } from "./support/api";
import { expectAccessible } from "./support/a11y";
import { startKeyedServer, type KeyedServer } from "./support/keyed-server";
import { captureScreen, photographScreen } from "./support/screens";
import { toast } from "./support/toasts";
import { converse } from "./support/whisper";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const whisperBox = (page: Page, agentName: string) => page.getByRole("region", { name: `Whisper to ${agentName}` });
const threadIn = (box: Locator, agentName: string) => box.getByRole("list", { name: `Your thread with ${agentName}` });

/** A thread's address as the Conversations screen links it, by its title. */
async function threadUrl(page: Page, title: string): Promise<string> {
  await page.goto("/conversations");
  const href = await page.getByRole("list", { name: "Your conversations" }).getByRole("link", { name: title, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/conversations\/[0-9a-f-]{36}$/);
  return href!;
}

const ASKED = ["Tell me about lighthouses", "What of the harbour?", "And the keepers?"];

test("a thread of three turns on a profile: each answer follows the last, and New conversation starts afresh", async ({ page }) => {
  // Seven answers streamed at the oracle's pace and a reload: more than a default test's time on a busy machine.
  test.setTimeout(60_000);
  await page.goto("/agent/nomenclator");
  const box = whisperBox(page, "Nomenclator");
  await converse(box, ASKED);
  const thread = threadIn(box, "Nomenclator");
  await expect(thread.getByTestId("asked")).toHaveText(ASKED);
  const answers = thread.getByTestId("agent-response");
  await expect(answers).toHaveCount(3);
  // The oracle reads the thread: each follow-up names what was asked before it, and what now.
  await expect(answers.nth(1)).toContainText("lighthouses");
  await expect(answers.nth(1)).toContainText("harbour");
  await expect(answers.nth(2)).toContainText("harbour");
  await expect(answers.nth(2)).toContainText("keepers");

  // The profile lists the thread, named by its first message.
  const threads = page.getByRole("region", { name: "Your threads with this agent" });
  await expect(threads.getByRole("listitem")).toHaveCount(1);
  await expect(threads.getByRole("listitem")).toContainText("Tell me about lighthouses");
  // Six turns and the greeting the thread opened with.
  await expect(threads.getByRole("listitem")).toContainText("7 messages");

  await box.getByRole("button", { name: "New conversation" }).click();
  await expect(thread).toHaveCount(0);
  await converse(box, ["Who keeps the names?"]);
  await expect(answers).toHaveCount(1);
  await expect(answers).not.toContainText(/lighthouses|harbour/);
  await expect(threads.getByRole("listitem")).toHaveCount(2);

  // After a reload the first thread opens from the panel and goes on where it was left.
  await page.reload();
  await threads.getByRole("button", { name: "Continue Tell me about lighthouses" }).click();
  await expect(thread.getByTestId("asked")).toHaveText(ASKED);
  await converse(box, ["Is the lamp still burning?"]);
  await expect(answers).toHaveCount(4);
  // A question with its own topic is answered on it, not on the thread's first (#29).
  await expect(answers.nth(3)).toContainText("lamp");
});

test("a thread of three turns in an embed", async ({ page }) => {
  await page.goto("/embed/echo-haiku");
  const box = whisperBox(page, "Echo Haiku");
  await converse(box, ASKED);
  const thread = threadIn(box, "Echo Haiku");
  await expect(thread.getByTestId("asked")).toHaveText(ASKED);
  await expect(thread.getByTestId("agent-response").nth(2)).toContainText("harbour");
  // Links leave the frame: the whisper and the rest of the product open in a tab of their own.
  await expect(thread.getByRole("link", { name: /share this whisper/ }).first()).toHaveAttribute("target", "_blank");
  await box.getByRole("button", { name: "New conversation" }).click();
  await expect(thread).toHaveCount(0);
  await expect(box.getByRole("button", { name: "Offer a Truth" })).toBeEnabled();
});

test("the Conversations screen finds a thread after a reload: newest first, searched, renamed and deleted", async ({ page }) => {
  await page.goto("/agent/mnemosyne");
  await converse(whisperBox(page, "Mnemosyne Archive"), ["Where are the first ripples kept?"]);
  await page.goto("/agent/echo-haiku");
  await converse(whisperBox(page, "Echo Haiku"), ["Sing of the cache"]);

  await page.goto("/conversations");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeVisible();
  await expect(page).toHaveTitle("Conversations · Nomina");
  const list = page.getByRole("list", { name: "Your conversations" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("link", { name: /./ }).filter({ hasNotText: "Continue" })).toHaveText(["Sing of the cache", "Where are the first ripples kept?"]);
  await expect(list.getByRole("listitem").first()).toContainText("with Echo Haiku · 3 messages");

  await page.getByRole("searchbox", { name: "Search your conversations: titles and messages" }).fill("ripples");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("searchbox").fill("nothing of the kind");
  await expect(page.getByText("No thread answers to that name")).toBeVisible();
  await page.getByRole("searchbox").fill("");
  await expect(list.getByRole("listitem")).toHaveCount(2);

  const ripples = list.getByRole("listitem", { name: "Where are the first ripples kept?" });
  await ripples.getByRole("button", { name: "Rename" }).click();
  await ripples.getByRole("textbox", { name: "Thread title" }).fill("   ");
  await ripples.getByRole("button", { name: "Save" }).click();
  await expect(ripples.getByText("A title needs words")).toBeVisible();
  await ripples.getByRole("textbox", { name: "Thread title" }).fill("The archive's ripples");
  await ripples.getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("link", { name: "The archive's ripples" })).toBeVisible();

  const cache = list.getByRole("listitem", { name: "Sing of the cache" });
  await cache.getByRole("button", { name: "Delete" }).click();
  await cache.getByRole("button", { name: "Delete for ever" }).click();
  await expect(toast(page, "Thread Deleted")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("link", { name: "The archive's ripples" })).toBeVisible();
  await list.getByRole("link", { name: "Continue" }).click();
  // The thread's own page, its input waiting with the focus in it.
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("textbox", { name: "Your invocation to Mnemosyne Archive" })).toBeFocused();
  await expect(threadIn(whisperBox(page, "Mnemosyne Archive"), "Mnemosyne Archive").getByTestId("asked")).toHaveText(["Where are the first ripples kept?"]);
});

test("a shared thread reads in a fresh browser; a private one is not found there, but is to its owner", async ({ page, browser, baseURL }) => {
  // Three answers, a share, two browsers and four pages: more than a default test's time on a busy machine.
  test.setTimeout(60_000);
  await page.goto("/agent/echo-haiku");
  const box = whisperBox(page, "Echo Haiku");
  await converse(box, ["What does the cache remember?", "And what does it forget?"]);
  await box.getByRole("button", { name: "Share", exact: true }).last().click();
  await page.getByRole("dialog", { name: "Share this thread" }).getByRole("button", { name: "Share and copy link" }).click();
  await expect(toast(page, "Thread Link Copied")).toContainText("Anyone with the link can read what you shared.");
  await page.keyboard.press("Escape");
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(new RegExp(`^${baseURL}/conversations/[0-9a-f-]{36}$`));

  await box.getByRole("button", { name: "New conversation" }).click();
  await expect(box.getByRole("list", { name: "Your thread with Echo Haiku" })).toHaveCount(0);
  await converse(box, ["Keep this between us"]);
  const secret = await threadUrl(page, "Keep this between us");

  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
  try {
    const other = await stranger.newPage();
    await other.goto(shared);
    await expect(other.getByRole("heading", { level: 1, name: "What does the cache remember?" })).toBeVisible();
    await expect(other).toHaveTitle("What does the cache remember? · Echo Haiku · Nomina");
    const thread = other.getByRole("list", { name: "Your thread with Echo Haiku" });
    await expect(thread.getByTestId("asked")).toHaveText(["What does the cache remember?", "And what does it forget?"]);
    await expect(thread.getByTestId("agent-response")).toHaveCount(2);
    // Read-only: nothing of the owner's to change.
    await expect(other.getByRole("button", { name: /Regenerate|^Share$|Stop|Unshare/ })).toHaveCount(0);
    await expect(other.getByRole("button", { name: "Copy" })).toHaveCount(2);
    await expect(thread.getByTestId("greeting-text")).toHaveCount(1);
    await expectAccessible(other, "a shared thread");

    await other.goto(secret);
    await expect(other.getByRole("heading", { level: 1, name: "conversation not found" })).toBeVisible();
    await expect(other.getByText("Keep this between us")).toHaveCount(0);
    await expectAccessible(other, "a thread not found");
  } finally {
    await stranger.close();
  }

  await page.goto(secret);
  await expect(page.getByRole("heading", { level: 1, name: "Keep this between us" })).toBeVisible();
  await expect(page.getByText("private: only you may read it")).toBeVisible();
});

test("conversations: screenshots and accessibility", async ({ page }) => {
  // Each size as a newcomer: the visitor key (and so the threads) of the size before is forgotten.
  const asNewcomer = async (p: Page, path: string) => {
    await p.goto(path);
    await p.evaluate(() => window.localStorage.clear());
    await p.reload();
  };
  await captureScreen(page, "conversation-thread", async (p) => {
    await asNewcomer(p, "/agent/echo-haiku");
    const box = whisperBox(p, "Echo Haiku");
    await converse(box, ["What does the cache remember?", "And what does it forget?"]);
    await p.getByRole("heading", { name: "Whisper to Echo Haiku" }).scrollIntoViewIfNeeded();
  });
  await captureScreen(page, "conversations", async (p) => {
    await asNewcomer(p, "/agent/mnemosyne");
    await converse(whisperBox(p, "Mnemosyne Archive"), ["Where are the first ripples kept?"]);
    await p.goto("/agent/echo-haiku");
    await converse(whisperBox(p, "Echo Haiku"), ["Sing of the cache"]);
    await p.goto("/conversations");
    await expect(p.getByRole("list", { name: "Your conversations" }).getByRole("listitem")).toHaveCount(2);
  });
  await captureScreen(page, "conversations-empty", async (p) => {
    await asNewcomer(p, "/conversations");
    await expect(p.getByText("No conversations yet. Whisper to an agent to begin one.")).toBeVisible();
  });
});

test.describe("a model's own words, from a keyed seat's local stand-in", () => {
  test.describe.configure({ mode: "serial" });
  let keyed: KeyedServer;
  let agentId: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    keyed = await startKeyedServer();
    const response = await fetch(`${keyed.url}/api/agents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Lamplighter", glyph: "☾", personality: "Keeps the harbour light and answers in careful notes.", apiModel: "deepseek" }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    agentId = ((await response.json()) as { id: string }).id;
  });

  test.afterAll(async () => {
    await keyed?.stop();
  });

  test("an answer in Markdown: a list, emphasis, a link that opens safely, a highlighted code block, no raw HTML", async ({ page }) => {
    keyed.providers.reset();
    keyed.providers.script("deepseek", {
      tokens: [
        "Three ",
        "signs:\n\n",
        "1. *first* light\n",
        "2. **second** light\n",
        "3. a [chart](https://example.com/chart)\n\n",
        "```js\n",
        'const keeper = "awake";\n',
        "function tend(lamp) {\n  return lamp + 1;\n}\n",
        "```\n\n",
        '<img src="x" onerror="window.__defaced = true"> and `inline` code.',
      ],
    });
    await page.goto(`${keyed.url}/agents/${agentId}`);
    const box = whisperBox(page, "Lamplighter");
    await converse(box, ["How do you keep the light?"]);
    expect(keyed.providers.requests.at(-1)?.prompt).toBe("How do you keep the light?");

    const answer = box.getByTestId("agent-response");
    await expect(answer.locator("ol > li")).toHaveText(["first light", "second light", "a chart"]);
    await expect(answer.locator("em")).toHaveText("first");
    await expect(answer.locator("strong")).toHaveText("second");
    const link = answer.getByRole("link", { name: "chart" });
    await expect(link).toHaveAttribute("href", "https://example.com/chart");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    const code = answer.locator("pre > code.language-js");
    await expect(code).toContainText('const keeper = "awake";');
    await expect(code.locator(".hljs-keyword").first()).toHaveText("const");
    await expect(code.locator(".hljs-string")).toHaveText('"awake"');
    await expect(answer.locator(":not(pre) > code")).toHaveText("inline");
    // The code sits on the theme's own dark slab, its keywords in the ritual's cyan.
    expect(await answer.locator("pre").evaluate((pre) => getComputedStyle(pre).backgroundColor)).toBe("rgba(5, 4, 12, 0.85)");
    expect(
      await code
        .locator(".hljs-keyword")
        .first()
        .evaluate((span) => getComputedStyle(span).color),
    ).toBe("rgb(139, 233, 253)");
    // Raw HTML is not passed through: no element, no handler run.
    await expect(answer.locator("img")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __defaced?: boolean }).__defaced)).toBeUndefined();
    await expect(box.getByText("answered by the offline oracle")).toHaveCount(0);

    // Always the same place: the answer at the top (scrollIntoViewIfNeeded keeps wherever the page happened to be).
    await answer.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await photographScreen(page, "conversation-markdown");
  });

  test("Stop keeps the words so far; Regenerate keeps every answer as a sibling, '2 of 3', and the chosen one continues", async ({ page }) => {
    keyed.providers.reset();
    const answers = [
      ["It ", "was ", "a ", "third ", "telling."],
      ["A ", "second ", "telling."],
    ];
    keyed.providers.script("deepseek", (_request, index) =>
      index === 0
        ? // Held open after three words, until the asker stops it.
          { tokens: ["The ", "lamp ", "was ", "lit ", "before ", "the ", "storm."], gate: new Promise(() => undefined), gateAt: 3 }
        : { tokens: answers[index % 2]! },
    );
    await page.goto(`${keyed.url}/agents/${agentId}`);
    const box = whisperBox(page, "Lamplighter");
    await box.getByRole("textbox").fill("When was the lamp lit?");
    await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
    const answer = box.getByTestId("agent-response");
    await expect(answer).toHaveText("The lamp was");
    await expect(box.getByRole("button", { name: "SUMMONING..." })).toBeDisabled();
    await expect(box.getByRole("button", { name: "Stop" })).toBeVisible();
    // Escape in the box stops the answer, as the Stop button does (#27).
    await box.getByRole("textbox").press("Escape");
    await expect(box.getByText("stopped — the words so far are kept")).toBeVisible();
    await expect(answer).toHaveText("The lamp was");
    // Idle again: the question was kept in the thread, so the box is empty and waits for the next.
    await expect(box.getByRole("button", { name: "SUMMON RESPONSE" })).toBeVisible();
    await expect(box.getByRole("textbox")).toHaveValue("");
    // The provider saw the call cancelled.
    await expect.poll(() => keyed.providers.requests[0]?.cancelled).toBe(true);

    await box.getByRole("button", { name: "Regenerate" }).click();
    await expect(answer).toHaveText("A second telling.");
    await expect(box.getByTestId("answer-position")).toHaveText("2 of 2");
    await box.getByRole("button", { name: "Regenerate" }).click();
    await expect(answer).toHaveText("It was a third telling.");
    await expect(box.getByTestId("answer-position")).toHaveText("3 of 3");
    await expect(box.getByRole("button", { name: "Next answer" })).toBeDisabled();

    await box.getByRole("button", { name: "Previous answer" }).click();
    await expect(box.getByTestId("answer-position")).toHaveText("2 of 3");
    await expect(answer).toHaveText("A second telling.");
    await box.getByRole("button", { name: "Previous answer" }).click();
    await expect(box.getByTestId("answer-position")).toHaveText("1 of 3");
    await expect(answer).toHaveText("The lamp was");
    await expect(box.getByText("stopped — the words so far are kept")).toBeVisible();

    // The choice is the thread's: after a reload it still shows, and the next turn continues from it.
    await page.reload();
    await expect(box.getByTestId("answer-position")).toHaveText("1 of 3");
    // The thread opened with the agent's greeting, which the seat reads as its own first turn.
    const greeting = (await box.getByTestId("greeting-text").innerText()).trim();
    await converse(box, ["And after the storm?"]);
    expect(keyed.providers.requests.at(-1)?.turns.map((turn) => [turn.role, turn.text.trim()])).toEqual([
      ["agent", greeting],
      ["user", "When was the lamp lit?"],
      ["agent", "The lamp was"],
      ["user", "And after the storm?"],
    ]);
  });
});

test("a thread's page for an id that names nothing says so", async ({ page }) => {
  await page.goto(`/conversations/${uniqueName("no-such-thread").replace(/\W+/g, "-")}`);
  await expect(page.getByRole("heading", { level: 1, name: "conversation not found" })).toBeVisible();
  await expect(page.getByText("this thread is private, or the void has taken it back")).toBeVisible();
  await expect(page).toHaveTitle("conversation not found · Nomina");
});
