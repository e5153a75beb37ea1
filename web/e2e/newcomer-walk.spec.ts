// The walk a newcomer takes through a chat (#27): open an agent, see its greeting and swipe to
// another, answer, reload (the thread is in the address), edit the second message and switch
// branches, continue the last answer, open the thread's own page, share it with the dialog, watch
// a stranger read it as it was shared, unshare, and find a word from an answer in search; at
// 1280x800 and again at 390x844, where an answer's acts are in its "More actions" menu. The e2e
// server answers from the offline oracle.
import { expect, test, visitorAddress, type Locator, type Page } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { photographScreen, settle, VIEWPORTS } from "./support/screens";
import { toast } from "./support/toasts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const whisperBox = (page: Page) => page.getByRole("region", { name: "Whisper to Mnemosyne Archive" });
const threadIn = (box: Locator) => box.getByRole("list", { name: "Your thread with Mnemosyne Archive" });

/** Sends a message with Enter, once the answer before it has ended whole. */
async function say(box: Locator, message: string) {
  const done = await box.getByRole("link", { name: /share this whisper/ }).count();
  const input = box.getByRole("textbox", { name: "Your invocation to Mnemosyne Archive" });
  await input.fill(message);
  await input.press("Enter");
  await expect(box.getByRole("link", { name: /share this whisper/ })).toHaveCount(done + 1);
}

for (const viewport of VIEWPORTS) {
  test(`a newcomer's walk at ${viewport.width}x${viewport.height}: greet, answer, reload, edit and branch, continue, share, unshare, search`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const phone = viewport.name === "mobile";
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/agent/mnemosyne");
    const box = whisperBox(page);

    // The agent greets first; the newcomer swipes to its other greeting before answering.
    const greeting = box.getByTestId("agent-greeting");
    await expect(greeting).toContainText("Mnemosyne Archive greets you...");
    await expect(greeting.getByTestId("greeting-position")).toHaveText("1 of 2");
    await greeting.getByRole("button", { name: "Next greeting" }).click();
    await expect(greeting.getByTestId("greeting-position")).toHaveText("2 of 2");
    const swiped = await greeting.getByTestId("greeting-text").innerText();
    await expectAccessible(page, "a greeting before the first word");

    await say(box, "I am looking for a lost river.");
    await expect(page).toHaveURL(/\/agent\/mnemosyne\?thread=[0-9a-f-]{36}$/);
    const thread = threadIn(box);
    await expect(thread.getByTestId("greeting-text")).toHaveText(swiped);
    await say(box, "It ran under the old library.");

    // A reload finds the same thread: the address holds it.
    await page.reload();
    await expect(thread.getByTestId("asked")).toHaveText(["I am looking for a lost river.", "It ran under the old library."]);
    await expect(thread.getByTestId("greeting-text")).toHaveText(swiped);

    // Edit the second message: a new branch, "2 of 2"; back to the first version, and forth again.
    await thread.getByRole("button", { name: "Edit" }).nth(1).click();
    const editor = thread.getByRole("textbox", { name: "Edit your message" });
    await editor.fill("It ran under the lighthouse.");
    await editor.press("Enter");
    await expect(thread.getByTestId("asked")).toHaveText(["I am looking for a lost river.", "It ran under the lighthouse."]);
    await expect(thread.getByTestId("version-position")).toHaveText("2 of 2");
    await thread.getByRole("button", { name: "Previous version" }).click();
    await expect(thread.getByTestId("asked")).toHaveText(["I am looking for a lost river.", "It ran under the old library."]);
    await thread.getByRole("button", { name: "Next version" }).click();
    await expect(thread.getByTestId("asked")).toHaveText(["I am looking for a lost river.", "It ran under the lighthouse."]);

    // Continue: the last answer grows. Its words are read once the thread is at rest (the box is
    // ready to summon again): read while the branch's answer was still being drawn, they were once
    // another version's, longer than the one continued (a fresh-clone run under load).
    const answers = thread.getByTestId("agent-response");
    await expect(box.getByRole("button", { name: "SUMMON RESPONSE" })).toBeVisible();
    await expect(thread.getByTestId("version-position")).toHaveText("2 of 2");
    const said = await answers.last().innerText();
    if (phone) {
      // On a phone the answer's acts fold into one menu.
      await expect(thread.getByRole("button", { name: "Continue", exact: true })).toHaveCount(0);
      await thread.getByRole("button", { name: "More actions" }).last().click();
      await page
        .getByRole("menu")
        .getByRole("menuitem", { name: /Continue/ })
        .click();
    } else {
      await thread.getByRole("button", { name: "Continue", exact: true }).click();
    }
    await expect.poll(async () => (await answers.last().innerText()).length, { timeout: 15_000 }).toBeGreaterThan(said.length + 10);
    await expect(box.getByRole("button", { name: "SUMMON RESPONSE" })).toBeVisible();
    const lastAnswer = await answers.last().innerText();

    // Conversations → Continue opens the thread's own page, the input focused and in view.
    await page.goto("/conversations");
    await page.getByRole("list", { name: "Your conversations" }).getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
    const threadUrl = page.url();
    const input = page.getByRole("textbox", { name: "Your invocation to Mnemosyne Archive" });
    await expect(input).toBeFocused();
    await expect(input).toBeInViewport();
    await expect(page.getByRole("complementary", { name: "Your threads with Mnemosyne Archive" })).toBeVisible();
    // Photographed from its top (its title, the owner's bar, the thread's opening): where it lands is the same every run.
    await input.blur();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Photographed once, at both sizes, by the first walk; the phone's walk checks it with axe.
    if (phone) await expectAccessible(page, "the thread page on a phone");
    else
      await photographScreen(page, "thread-page", (current) => [
        current.getByTestId("answered-by"),
        current.getByTestId("agent-response"),
        current.getByTestId("greeting-text"),
      ]);

    // Share, asked first: the dialog says what becomes public.
    await page.getByRole("button", { name: "Share thread" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this thread" });
    await expect(dialog).toContainText("Anyone with the link will read this thread as it is now.");
    await settle(page);
    await expectAccessible(page, "the share dialog");
    await dialog.getByRole("button", { name: "Share and copy link" }).click();
    await expect(toast(page, "Thread Link Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(threadUrl);
    await page.keyboard.press("Escape");
    await expect(page.getByText(/^shared: anyone with the link may read it as it was on/)).toBeVisible();

    // Said after sharing: the owner's alone until shared again.
    await say(whisperBox(page), "This part is only for me.");
    const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
    try {
      const other = await stranger.newPage();
      await other.goto(threadUrl);
      const read = other.getByRole("list", { name: "Your thread with Mnemosyne Archive" });
      await expect(read.getByTestId("asked")).toHaveText(["I am looking for a lost river.", "It ran under the lighthouse."]);
      await expect(other.getByText("This part is only for me.")).toHaveCount(0);

      // Unshare: the link opens nothing any more.
      await page.getByRole("button", { name: "Unshare" }).click();
      await expect(toast(page, "Thread Unshared")).toBeVisible();
      await expect(page.getByText("private: only you may read it")).toBeVisible();
      await other.reload();
      await expect(other.getByRole("heading", { level: 1, name: "conversation not found" })).toBeVisible();
    } finally {
      await stranger.close();
    }

    // Search finds a word from an answer, and opens the thread at it.
    const word = lastAnswer.match(/[A-Za-z]{7,}/)![0];
    await page.goto("/conversations");
    await page.getByRole("searchbox", { name: "Search your conversations: titles and messages" }).fill(word);
    const found = page.getByRole("region", { name: "In your messages" });
    await expect(found.getByTestId("message-snippet").first()).toBeVisible();
    await expect(found.locator("mark").first()).toBeVisible();
    await expectAccessible(page, "search in messages");
    await found.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}\?message=[0-9a-f-]{36}$/);
    // The thread opens at the message found: in view, and marked.
    const marked = page.locator("li[data-found]");
    await expect(marked).toHaveCount(1);
    await expect(marked).toBeInViewport();
  });
}

test("on a phone the fixed menu button covers no text of the thread page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agent/mnemosyne");
  const box = whisperBox(page);
  await say(box, "Where is the oldest record kept, and who reads it now?");
  await page.goto("/conversations");
  await page.getByRole("list", { name: "Your conversations" }).getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  const menu = page.getByRole("button", { name: "Open the network menu" });
  await expect(menu).toBeVisible();
  for (const scroll of [0, 400, 900]) {
    await page.evaluate((y) => window.scrollTo(0, y), scroll);
    // What lies under the button, point by point across it: never the page's own content.
    const under = await menu.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const found: string[] = [];
      for (const fx of [0.1, 0.5, 0.9]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const beneath = document
            .elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy)
            .find((node) => !node.contains(button) && !button.contains(node));
          if (beneath?.closest("main")) found.push(beneath.textContent?.slice(0, 40) ?? beneath.tagName);
        }
      }
      return found;
    });
    expect(under, `page content under the menu button at scroll ${scroll}`).toEqual([]);
  }
});
