// Personas and memory (#27 items 5 and 6): a visitor makes personas from the whisper box's
// "Speaking as" (a dialog), starts a thread speaking as one, changes it for the open thread; the
// agent remembers "your name is Orrin" (under the thread, in a second thread too, never for another
// visitor nor for a reader of a shared thread); a note is rewritten, deleted, everything forgotten
// (asked first); memory goes off for one thread. A signed-in user keeps personas in Settings →
// Personas, ten at most. The e2e server answers from the offline oracle, which learns "my name is
// X" and "I like Y" and addresses the person by the thread's persona, else by a remembered name.
import { expect, test, visitorAddress, type Locator, type Page } from "./support/test";
import { graphql, signedUpToken, useToken } from "./support/accounts";
import { expectAccessible } from "./support/a11y";
import { photographScreen, settle } from "./support/screens";
import { toast } from "./support/toasts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const AGENT = "Mnemosyne Archive";
const whisperBox = (page: Page) => page.getByRole("region", { name: `Whisper to ${AGENT}` });
const threadIn = (box: Locator) => box.getByRole("list", { name: `Your thread with ${AGENT}` });
const memoryOf = (page: Page) => page.getByRole("region", { name: "Memory", exact: true });
const notesIn = (memory: Locator) => memory.getByRole("list", { name: `What ${AGENT} remembers about you` }).getByTestId("memory-line");
const speakingAs = (page: Page) => page.getByRole("button", { name: /^Speaking as / });
/** Whatever the agent's answers say: the oracle's words, and the times beside them. */
const answerMasks = (page: Page) => [page.getByTestId("answered-by"), page.getByTestId("agent-response"), page.getByTestId("greeting-text")];

/** Sends a message with Enter, once the answer before it has ended whole; the new answer. */
async function say(box: Locator, message: string): Promise<Locator> {
  const done = await box.getByRole("link", { name: /share this whisper/ }).count();
  const input = box.getByRole("textbox", { name: `Your invocation to ${AGENT}` });
  await input.fill(message);
  await input.press("Enter");
  await expect(box.getByRole("link", { name: /share this whisper/ })).toHaveCount(done + 1);
  return threadIn(box).getByTestId("agent-response").last();
}

/** Opens "Speaking as" and chooses one of its entries. */
async function speakAs(page: Page, entry: RegExp | string) {
  const menu = page.getByRole("menu");
  const item = entry === "Manage personas…" ? menu.getByRole("menuitem", { name: entry }) : menu.getByRole("menuitemradio", { name: entry });
  // The entries are drawn again when the personas are read again: a choice that lands while they are redrawn is made again.
  await expect(async () => {
    if (!(await menu.isVisible())) await speakingAs(page).click();
    await item.click({ timeout: 3_000 });
    await expect(menu).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Makes a persona in the personas panel `within` (the dialog, or Settings' tab). */
async function makePersona(within: Locator, name: string, description: string) {
  const form = within.getByRole("form", { name: "New persona" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Create persona" }).click();
  await expect(
    within
      .getByRole("list", { name: "Your personas" })
      .getByTestId("persona-name")
      .filter({ hasText: new RegExp(`^${name}$`) }),
  ).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");
}

test("a visitor speaks as a persona, the agent remembers their name across threads, notes are rewritten, deleted and forgotten", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/agent/mnemosyne");
  const box = whisperBox(page);
  const memory = memoryOf(page);
  await expect(memory).toContainText(`${AGENT} remembers nothing about you yet.`);

  // No persona yet: a new thread speaks as no one. "Manage personas…" opens the dialog.
  await expect(speakingAs(page)).toHaveText(/Speaking as no one/);
  await speakingAs(page).click();
  await expect(page.getByRole("menuitemradio", { name: "No one" })).toHaveAttribute("aria-checked", "true");
  await settle(page);
  await expectAccessible(page, "the Speaking as menu");
  await page.keyboard.press("Escape");
  await speakAs(page, "Manage personas…");
  const dialog = page.getByRole("dialog", { name: "Your personas" });
  await expect(dialog).toContainText("No personas yet");
  await makePersona(dialog, "Wren", "A keeper of tide tables, fond of lighthouses.");
  await expect(dialog.getByTestId("persona").filter({ hasText: "Wren" })).toContainText("Default");
  await makePersona(dialog, "Sable", "A night ferryman who asks short questions.");
  await expect(dialog.getByTestId("persona").filter({ hasText: "Sable" })).not.toContainText("Default");
  await photographScreen(page, "mind-personas-dialog");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The first persona became the default: a new thread would speak as Wren. This one speaks as Sable.
  await expect(speakingAs(page)).toHaveText(/Speaking as Wren/);
  await speakingAs(page).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitemradio")).toHaveText(["Wrendefault", "Sable", "No one"]);
  await expect(menu.getByRole("menuitemradio", { name: /^Wren/ })).toHaveAttribute("aria-checked", "true");
  await photographScreen(page, "mind-speaking-as", answerMasks, undefined, (current) =>
    speakingAs(current).evaluate((button) => button.scrollIntoView({ block: "center" })),
  );
  await menu.getByRole("menuitemradio", { name: /^Sable/ }).click();
  await expect(menu).toBeHidden();
  await expect(speakingAs(page)).toHaveText(/Speaking as Sable/);
  const first = await say(box, "My name is Orrin.");
  // The persona reached the agent: the oracle addresses the person by it.
  await expect(first).toContainText("Sable, hear me.");
  await expect(page).toHaveURL(/\?thread=[0-9a-f-]{36}$/);
  await expect(speakingAs(page)).toHaveText(/Speaking as Sable/);
  // The agent noted the name just after answering: it shows under the thread.
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);
  await expect(memory.getByRole("checkbox", { name: "Memory on for this thread" })).toBeChecked();

  await box.getByRole("textbox", { name: `Your invocation to ${AGENT}` }).blur();
  // The chooser, the input and the panel under it, at each size.
  await photographScreen(page, "mind-memory", answerMasks, undefined, (current) =>
    memoryOf(current).evaluate((panel) => {
      panel.scrollIntoView({ block: "end" });
      window.scrollBy(0, 48);
    }),
  );

  // The open thread's persona changes to no one, and stays so across a reload.
  await speakAs(page, "No one");
  await expect(speakingAs(page)).toHaveText(/Speaking as no one/);
  await page.reload();
  await expect(threadIn(box).getByTestId("asked")).toHaveText(["My name is Orrin."]);
  await expect(speakingAs(page)).toHaveText(/Speaking as no one/);

  // A second thread with the same agent: the note is there, and the agent knows the name it remembers.
  await box.getByRole("button", { name: "New conversation" }).click();
  await expect(speakingAs(page)).toHaveText(/Speaking as Wren/);
  await speakAs(page, "No one");
  const second = await say(box, "Where are the first ripples kept?");
  await expect(second).toContainText("Orrin, hear me.");
  await expect(threadIn(box).getByTestId("asked")).toHaveText(["Where are the first ripples kept?"]);
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);

  // Another visitor never sees it.
  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
  try {
    const other = await stranger.newPage();
    await other.goto("/agent/mnemosyne");
    await expect(memoryOf(other)).toContainText(`${AGENT} remembers nothing about you yet.`);
    await expect(other.getByText(`${AGENT} remembers: your name is Orrin`)).toHaveCount(0);
    await expect(speakingAs(other)).toHaveText(/Speaking as no one/);
  } finally {
    await stranger.close();
  }

  // A liking is noted beside the name; forgetting it asks first (#41), and keeping it keeps it.
  await say(box, "I like lighthouses.");
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`, `${AGENT} remembers: you like lighthouses`]);
  const forget = memory.getByRole("button", { name: "Forget the memory “you like lighthouses”" });
  await forget.click();
  const asked = page.getByRole("alertdialog", { name: "Forget this memory?" });
  await expect(asked).toContainText(`${AGENT} will no longer remember that you like lighthouses.`);
  await asked.getByRole("button", { name: "Keep it" }).click();
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`, `${AGENT} remembers: you like lighthouses`]);
  await forget.click();
  await page.getByRole("alertdialog", { name: "Forget this memory?" }).getByRole("button", { name: "Forget it" }).click();
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);

  // A note rewritten in place: Escape leaves it, Enter saves it.
  await memory.getByRole("button", { name: "Edit the note “your name is Orrin”" }).click();
  const editor = memory.getByRole("textbox", { name: "The note" });
  await editor.fill("your name is Orrin of the Tides");
  await editor.press("Escape");
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);
  await memory.getByRole("button", { name: "Edit the note “your name is Orrin”" }).click();
  await editor.fill("   ");
  await editor.press("Enter");
  await expect(memory.getByText("A memory cannot be empty")).toBeVisible();
  await settle(page);
  await expectAccessible(page, "a note being rewritten");
  await editor.fill("your name is Orrin of the Tides");
  await editor.press("Enter");
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin of the Tides`]);
  await page.reload();
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin of the Tides`]);

  // Forget everything, asked first.
  await memory.getByRole("button", { name: "Forget everything" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Make ${AGENT} forget everything?` });
  await expect(confirm).toContainText("in all your threads with it");
  // The same dialog as a persona's deletion (photographed in Settings): checked here at both sizes.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await settle(page);
    await expectAccessible(page, `forget everything, asked first, at ${size.width}`);
  }
  await confirm.getByRole("button", { name: "Keep the notes" }).click();
  await expect(confirm).toBeHidden();
  await expect(notesIn(memory)).toHaveCount(1);
  await memory.getByRole("button", { name: "Forget everything" }).click();
  await confirm.getByRole("button", { name: "Forget everything" }).click();
  await expect(toast(page, "Forgotten")).toBeVisible();
  await expect(memory).toContainText(`${AGENT} remembers nothing about you yet.`);
  await page.reload();
  await expect(memory).toContainText(`${AGENT} remembers nothing about you yet.`);
});

test("on a phone: a thread's persona and memory switch are kept, on its own page too, and a reader of the shared thread sees neither", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agent/mnemosyne");
  const box = whisperBox(page);
  const memory = memoryOf(page);

  await speakAs(page, "Manage personas…");
  const dialog = page.getByRole("dialog", { name: "Your personas" });
  await makePersona(dialog, "Wren", "A keeper of tide tables.");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(speakingAs(page)).toHaveText(/Speaking as Wren/);
  await expect(await say(box, "My name is Orrin.")).toContainText("Wren, hear me.");
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);

  // Memory off for this thread: said what it means, and kept across a reload.
  const memorySwitch = memory.getByRole("checkbox", { name: "Memory on for this thread" });
  await memory.getByText("Memory on for this thread").click();
  await expect(memorySwitch).not.toBeChecked();
  await expect(memory.getByTestId("memory-off")).toHaveText(`Off for this thread: ${AGENT} reads none of these notes here and keeps no new ones.`);
  await page.reload();
  await expect(memorySwitch).not.toBeChecked();
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);
  await memory.evaluate((panel) => panel.scrollIntoView({ block: "end" }));
  await expectAccessible(page, "memory off for a thread");

  // The thread's own page holds the same chooser and panel, as its owner left them.
  const id = new URL(page.url()).searchParams.get("thread");
  await page.goto(`/conversations/${id}`);
  await expect(speakingAs(page)).toHaveText(/Speaking as Wren/);
  await expect(memorySwitch).not.toBeChecked();
  await memory.getByText("Memory on for this thread").click();
  await expect(memorySwitch).toBeChecked();
  await expect(notesIn(memory)).toHaveText([`${AGENT} remembers: your name is Orrin`]);

  // Shared: its reader sees the thread, never who its owner spoke as nor what the agent remembers.
  await page.getByRole("button", { name: "Share thread" }).click();
  await page.getByRole("dialog", { name: "Share this thread" }).getByRole("button", { name: "Share and copy link" }).click();
  await expect(toast(page, "Thread Link Copied")).toBeVisible();
  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
  try {
    const other = await stranger.newPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await other.goto(`/conversations/${id}`);
    await expect(other.getByRole("list", { name: `Your thread with ${AGENT}` }).getByTestId("asked")).toHaveText(["My name is Orrin."]);
    await expect(memoryOf(other)).toHaveCount(0);
    await expect(speakingAs(other)).toHaveCount(0);
    await expect(other.getByText(`${AGENT} remembers: your name is Orrin`)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test("Settings → Personas: a user makes, edits, makes default and deletes personas, ten at most", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await signedUpToken(request, "personas");
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Personas" }).click();
  const tab = page.getByRole("tabpanel", { name: "Personas" });
  await expect(tab).toContainText("No personas yet");

  // The form checks its fields before sending.
  const form = tab.getByRole("form", { name: "New persona" });
  await form.getByRole("button", { name: "Create persona" }).click();
  await expect(form.getByText("A persona needs a name")).toBeVisible();
  await makePersona(tab, "Orrin", "A cartographer of rivers that have moved.");
  await makePersona(tab, "Wren", "");
  const personas = tab.getByTestId("persona");
  await expect(personas.filter({ hasText: "Orrin" })).toContainText("Default");
  await expect(personas.filter({ hasText: "Wren" })).toContainText("No description: the agents are told your name only.");

  // Edit in place; make the other the default (only one is).
  await tab.getByRole("button", { name: "Edit Wren" }).click();
  const editing = tab.getByRole("form", { name: "Edit Wren" });
  await editing.getByLabel("Description").fill("A keeper of tide tables.");
  await editing.getByRole("button", { name: "Save" }).click();
  await expect(personas.filter({ hasText: "Wren" })).toContainText("A keeper of tide tables.");
  await tab.getByRole("button", { name: "Make Wren the default" }).click();
  await expect(personas.filter({ hasText: "Wren" })).toContainText("Default");
  await expect(personas.filter({ hasText: "Orrin" })).not.toContainText("Default");
  await expect(tab.getByRole("button", { name: "Make Orrin the default" })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Personas" }).click();
  await expect(personas.filter({ hasText: "Wren" })).toContainText("Default");
  // On a phone the tab row scrolls sideways; a tab taken there scrolls into view (as a tap on it does).
  const personasTab = page.getByRole("tab", { name: "Personas" });
  await photographScreen(page, "settings-personas", undefined, undefined, async () => {
    await personasTab.focus();
    await personasTab.blur();
  });

  // Delete, asked first.
  await tab.getByRole("button", { name: "Delete Orrin" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Orrin?" });
  await expect(confirm).toContainText("threads that spoke as Orrin will speak as no one");
  await photographScreen(page, "settings-personas-delete");
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(personas).toHaveCount(2);
  await tab.getByRole("button", { name: "Delete Orrin" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(personas).toHaveCount(1);
  await expect(personas).toContainText("Wren");

  // Ten at most: the eleventh is refused with the server's words.
  for (let n = 2; n <= 9; n += 1) {
    const made = await graphql(request, token, "usePersonaMutationsCreateMutation", { name: `Echo ${n}` });
    expect(made.errors).toBeUndefined();
  }
  await page.reload();
  await page.getByRole("tab", { name: "Personas" }).click();
  await expect(personas).toHaveCount(9);
  await makePersona(tab, "Tenth", "");
  await expect(tab).toContainText("10 of 10 personas");
  await form.getByLabel("Name").fill("Eleventh");
  await form.getByRole("button", { name: "Create persona" }).click();
  await expect(form.getByRole("alert")).toHaveText("You can keep at most 10 personas");
  await expect(personas).toHaveCount(10);
});
