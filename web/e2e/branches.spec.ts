// A thread's branches (#27 items 3 and 9a): the owner edits a message (a new branch, "2 of 2"),
// switches back and forth (kept across a reload), continues the last answer, deletes a message
// with what follows it (asked first); a reader of the shared thread walks the other branch; on a
// phone the answer's actions fold into one "More actions" menu. The e2e server answers from the
// offline oracle.
import { expect, test, visitorAddress, type Locator, type Page } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";
import { toast } from "./support/toasts";
import { converse } from "./support/whisper";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const whisperBox = (page: Page) => page.getByRole("region", { name: "Whisper to Echo Haiku" });
const threadIn = (box: Locator) => box.getByRole("list", { name: "Your thread with Echo Haiku" });

const FIRST = "What does the tide keep?";
const SECOND = "And what does it give back?";
const EDITED = "And what does it take away?";

test("edit, switch, continue, share and delete a branch; a reader walks the other branch", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/agent/echo-haiku");
  const box = whisperBox(page);
  const thread = threadIn(box);
  await converse(box, [FIRST, SECOND]);
  const answers = thread.getByTestId("agent-response");
  const before = await answers.nth(1).innerText();

  // Edit the second message: Escape cancels, Enter sends the new words as a new branch.
  await thread.getByRole("button", { name: "Edit" }).nth(1).click();
  const editor = thread.getByRole("textbox", { name: "Edit your message" });
  await editor.fill("Never mind");
  await editor.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(thread.getByTestId("asked")).toHaveText([FIRST, SECOND]);
  await thread.getByRole("button", { name: "Edit" }).nth(1).click();
  await editor.fill(EDITED);
  await editor.press("Enter");
  await expect(thread.getByTestId("asked")).toHaveText([FIRST, EDITED]);
  await expect(box.getByRole("link", { name: /share this whisper/ })).toHaveCount(2);
  await expect(thread.getByTestId("version-position")).toHaveText("2 of 2");
  await expect(answers.nth(1)).not.toHaveText(before);

  // Back to the first version, and forth again: the owner's choice is kept across a reload.
  await thread.getByRole("button", { name: "Previous version" }).click();
  await expect(thread.getByTestId("version-position")).toHaveText("1 of 2");
  await expect(thread.getByTestId("asked")).toHaveText([FIRST, SECOND]);
  await expect(answers.nth(1)).toHaveText(before);
  // The thread is in the address: a reload opens it again.
  await page.reload();
  await expect(thread.getByTestId("asked")).toHaveText([FIRST, SECOND]);
  await thread.getByRole("button", { name: "Next version" }).click();
  await expect(thread.getByTestId("asked")).toHaveText([FIRST, EDITED]);

  // Continue: the last answer grows, the words it had kept in front.
  const said = await answers.nth(1).innerText();
  await thread.getByRole("button", { name: "Continue", exact: true }).click();
  await expect.poll(async () => (await answers.nth(1).innerText()).length, { timeout: 15_000 }).toBeGreaterThan(said.length + 10);
  await expect(box.getByRole("button", { name: "SUMMON RESPONSE" })).toBeVisible();
  expect((await answers.nth(1).innerText()).startsWith(said.trim().slice(0, 40))).toBe(true);

  await photographScreen(page, "thread-branches", (current) => [current.getByTestId("answered-by")]);

  // Shared: a reader in a fresh browser sees the owner's branch, and walks the other one.
  await thread.getByRole("button", { name: "Share", exact: true }).last().click();
  await page.getByRole("dialog", { name: "Share this thread" }).getByRole("button", { name: "Share and copy link" }).click();
  await expect(toast(page, "Thread Link Copied")).toBeVisible();
  await page.keyboard.press("Escape");
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
  try {
    const other = await stranger.newPage();
    await other.goto(shared);
    const read = other.getByRole("list", { name: "Your thread with Echo Haiku" });
    await expect(read.getByTestId("asked")).toHaveText([FIRST, EDITED]);
    await expect(read.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await read.getByRole("button", { name: "Previous version" }).click();
    await expect(read.getByTestId("asked")).toHaveText([FIRST, SECOND]);
    await expect(read.getByTestId("version-position")).toHaveText("1 of 2");
    await expectAccessible(other, "a shared thread, another branch");
  } finally {
    await stranger.close();
  }
  // The reader's walk changed nothing of the owner's.
  // The thread is in the address: a reload opens it again.
  await page.reload();
  await expect(thread.getByTestId("asked")).toHaveText([FIRST, EDITED]);

  // Delete the first answer, asked first: it and everything after it go, on both branches.
  await thread.getByRole("button", { name: "Delete" }).first().click();
  const dialog = page.getByRole("alertdialog", { name: "Delete from the thread?" });
  await expect(dialog).toContainText("every message after it");
  await dialog.getByRole("button", { name: "Keep them" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(answers).toHaveCount(2);
  await thread.getByRole("button", { name: "Delete" }).first().click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(answers).toHaveCount(0);
  await expect(thread.getByTestId("asked")).toHaveText([FIRST]);
  // The thread is in the address: a reload opens it again.
  await page.reload();
  await expect(thread.getByTestId("asked")).toHaveText([FIRST]);
  await expect(thread.getByTestId("agent-response")).toHaveCount(0);
});

test("on a phone the answer's actions fold into one More actions menu; from md up they stand in a row", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agent/echo-haiku");
  const box = whisperBox(page);
  const thread = threadIn(box);
  await converse(box, ["Where do the gulls sleep?"]);
  await expect(thread.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
  const more = thread.getByRole("button", { name: "More actions" });
  await expect(more).toHaveCount(1);
  await more.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["↻ Regenerate", "» Continue", "❏ Copy", "⇗ Share", "✕ Delete"]);
  await expectAccessible(page, "the answer's More actions menu on a phone");
  await menu.getByRole("menuitem", { name: /Copy/ }).click();
  await expect(toast(page, "Answer Copied")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(more).toBeHidden();
  await expect(thread.getByRole("button", { name: "Regenerate" })).toBeVisible();
});
