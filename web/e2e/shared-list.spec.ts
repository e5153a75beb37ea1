// Settings → Shared (#27): a signed-in user shares a thread (through the Share dialog) and a
// Council session, finds both listed in Settings with what is shared and since when, copies a
// link, and unshares the thread, asked first: the row goes, and a stranger's browser then finds
// no conversation at its link. The screens at 1280x800 and 390x844, checked with axe.
import { expect, test, visitorAddress, type Locator, type Page } from "./support/test";
import { signedUpToken, useToken } from "./support/accounts";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";
import { toast } from "./support/toasts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const THREAD = "Where do the lanterns sleep?";
const QUESTION = "What keeps a shared secret?";

const whisperBox = (page: Page) => page.getByRole("region", { name: "Whisper to Echo Haiku" });
const threads = (page: Page) => page.getByRole("region", { name: "Threads", exact: true });
const sessions = (page: Page) => page.getByRole("region", { name: "Council sessions", exact: true });
const row = (list: Locator, title: string) => list.getByRole("listitem", { name: title });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function shareAThread(page: Page): Promise<string> {
  await page.goto("/agent/echo-haiku");
  const box = whisperBox(page);
  await box.getByRole("textbox").fill(THREAD);
  await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
  await expect(box.getByRole("link", { name: /share this whisper/ })).toHaveCount(1);
  await box.getByRole("button", { name: "Share", exact: true }).last().click();
  await page.getByRole("dialog", { name: "Share this thread" }).getByRole("button", { name: "Share and copy link" }).click();
  await expect(toast(page, "Thread Link Copied")).toBeVisible();
  await page.keyboard.press("Escape");
  const url = await clipboard(page);
  expect(url).toMatch(/\/conversations\/[0-9a-f-]{36}$/);
  return url;
}

async function shareASession(page: Page): Promise<string> {
  await page.goto("/summon");
  await page.getByLabel("Your question for the Council").fill(QUESTION);
  await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();
  await expect(page).toHaveURL(/\/summon\/[0-9a-f-]{36}$/);
  await expect(page.getByText("The Council has spoken")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Share session" }).click();
  await page.getByRole("alertdialog", { name: "Share this session?" }).getByRole("button", { name: "Share and copy link" }).click();
  await expect(toast(page, "Link copied")).toBeVisible();
  return page.url();
}

test("Settings → Shared lists a shared thread and session; Unshare asks, the row goes, and the link stops opening", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await signedUpToken(request, "shared-list");
  await useToken(page, token);
  const threadUrl = await shareAThread(page);
  const sessionUrl = await shareASession(page);

  await page.goto("/settings");
  await page.getByRole("tab", { name: "Shared" }).click();
  await expect(page.getByText("The answers of a shared thread can be read at their own whisper links exactly as far as the thread is shared.")).toBeVisible();
  const thread = row(threads(page), THREAD);
  await expect(thread).toContainText("with Echo Haiku");
  await expect(thread).toContainText("shared just now · readers see it up to");
  await expect(thread.getByRole("link", { name: THREAD, exact: true })).toHaveAttribute("href", new URL(threadUrl).pathname);
  const session = row(sessions(page), QUESTION);
  await expect(session).toContainText("1 question · shared just now");
  await expect(session).toContainText("readers see all of it, later questions too");
  await expect(session.getByRole("link", { name: `Open ${QUESTION}` })).toHaveAttribute("href", new URL(sessionUrl).pathname);

  // Copy link puts the thread's address on the clipboard.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await thread.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "Link copied")).toBeVisible();
  expect(await clipboard(page)).toBe(threadUrl);
  await toast(page, "Link copied").getByRole("button", { name: "Dismiss" }).click();
  await photographScreen(page, "settings-shared");

  // Unshare asks first; keeping it changes nothing.
  await thread.getByRole("button", { name: "Unshare" }).click();
  const asked = page.getByRole("alertdialog", { name: "Unshare this thread?" });
  await expect(asked).toContainText(
    `“${THREAD}” will be yours alone again: its link, and the whisper links of its answers, will stop opening for anyone else.`,
  );
  await photographScreen(page, "settings-shared-unshare");
  await asked.getByRole("button", { name: "Keep it shared" }).click();
  await expect(asked).toHaveCount(0);
  await expect(thread).toBeVisible();

  await thread.getByRole("button", { name: "Unshare" }).click();
  await asked.getByRole("button", { name: "Unshare", exact: true }).click();
  await expect(toast(page, "Thread Unshared")).toBeVisible();
  await expect(thread).toHaveCount(0);
  await expect(threads(page)).toContainText("No thread is shared. Share one from its page, and it is listed here.");
  await expect(session).toBeVisible();
  await expectAccessible(page, "Settings → Shared after unsharing");
  // Still gone when the tab is read afresh.
  await page.reload();
  await page.getByRole("tab", { name: "Shared" }).click();
  await expect(row(sessions(page), QUESTION)).toBeVisible();
  await expect(row(threads(page), THREAD)).toHaveCount(0);

  // A stranger's browser: the thread is not found; the session, still shared, reads.
  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
  try {
    const other = await stranger.newPage();
    await other.goto(threadUrl);
    await expect(other.getByRole("heading", { level: 1, name: "conversation not found" })).toBeVisible();
    await expect(other.getByText(THREAD)).toHaveCount(0);
    await other.goto(sessionUrl);
    await expect(other.getByText("A SESSION SHARED FROM THE COUNCIL")).toBeVisible();
  } finally {
    await stranger.close();
  }
});

test("Settings → Shared says so when nothing is shared", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "shared-none");
  await useToken(page, token);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Shared" }).click();
  await expect(threads(page)).toContainText("No thread is shared. Share one from its page, and it is listed here.");
  await expect(sessions(page)).toContainText("No Council session is shared. Share one from the Summoning Gate, and it is listed here.");
  await photographScreen(page, "settings-shared-empty");
});

test("Settings → Shared shows twenty threads, then more on request", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token } = await signedUpToken(request, "shared-many");
  const headers = { authorization: `Bearer ${token}` };
  const agent = (await (await request.get("/api/agents/echo-haiku")).json()).agent.id as string;
  // Twenty-two shared threads, made through the API: the list is under test, not the chat.
  for (let n = 1; n <= 22; n++) {
    const invoked = await request.post(`/api/agents/${agent}/invoke`, { data: { message: `Shared thread ${n}` }, headers });
    expect(invoked.status()).toBe(200);
    const shared = await request.post(`/api/conversations/${(await invoked.json()).conversation.id}/share`, { data: { visibility: "public" }, headers });
    expect(shared.status()).toBe(200);
  }
  await useToken(page, token);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Shared" }).click();
  const list = threads(page).getByRole("list", { name: "Your shared threads" });
  await expect(list.getByRole("listitem")).toHaveCount(20);
  // Most recently active first.
  await expect(list.getByRole("listitem").first()).toHaveAccessibleName("Shared thread 22");
  await threads(page).getByRole("button", { name: "Show more threads" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(22);
  await expect(list.getByRole("listitem").last()).toHaveAccessibleName("Shared thread 1");
  await expect(threads(page).getByRole("button", { name: "Show more threads" })).toHaveCount(0);
});
