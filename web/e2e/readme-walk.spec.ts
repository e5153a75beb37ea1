// A newcomer's first hour, as the README starts the app (#41): no NODE_ENV, no keys, the offline
// oracle on every seat. They ask the Council something it can know, talk with an agent, forge one
// of their own and hear it speak as itself, and start a conclave; at 1280x800 and 390x844. No page
// fails: no error thrown in the page, no "ritual failed" or other failure toast, and every answer
// is on what was asked (#41: the Summoning Gate failed every question under npm start).
import { expect, test, type Page } from "./support/test";
import { uniqueName } from "./support/api";
import { VIEWPORTS } from "./support/screens";
import { toasts } from "./support/toasts";

/** The failures a newcomer must never meet, noted as they happen. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("pageerror", (error) => failures.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Content Security Policy|Failed to load resource/i.test(message.text())) failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** Every toast shown so far that reports a failure, by its title. */
async function failureToasts(page: Page): Promise<string[]> {
  const shown = await toasts(page).allInnerTexts();
  return shown.filter((text) => /failed|could not|faltered|silent in the void/i.test(text));
}

/** Writes to the whisper box of `agent` and waits for the answer to end. */
async function whisper(page: Page, agent: string, message: string): Promise<string> {
  const box = page.getByRole("region", { name: `Whisper to ${agent}` });
  const before = await box.getByTestId("agent-response").count();
  const input = box.getByRole("textbox", { name: `Your invocation to ${agent}` });
  await input.fill(message);
  await input.press("Enter");
  await expect(box.getByTestId("agent-response")).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(box.getByRole("button", { name: "SUMMON RESPONSE" })).toBeVisible({ timeout: 30_000 });
  return box.getByTestId("agent-response").last().innerText();
}

for (const viewport of VIEWPORTS) {
  test(`a newcomer at ${viewport.width}x${viewport.height} asks, talks, forges and gathers a conclave, and nothing fails`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const failures = watchFailures(page);
    const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.name}.png`), fullPage: false });

    // The Council, on something it knows: every seat says Canberra, and so does the chair.
    await page.goto("/summon");
    await page.getByLabel("Your question for the Council").fill("What is the capital of Australia?");
    await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();
    const synthesis = page.getByRole("article", { name: "Synthesis", exact: true });
    await expect(synthesis).toContainText("Answered", { timeout: 60_000 });
    // On a phone the seats' answers fold under the synthesis once it has spoken.
    const unfold = page.getByRole("button", { name: /^Show the seats' answers/ });
    if (await unfold.isVisible()) await unfold.click();
    for (const seat of ["Gemini", "Claude", "Perplexity", "DeepSeek"])
      await expect(page.getByRole("article", { name: seat, exact: true })).toContainText("Canberra");
    await expect(synthesis).toContainText("Canberra");
    await shoot("council");

    // An agent, on a sum.
    await page.goto("/agent/nomenclator");
    expect(await whisper(page, "Nomenclator", "What is 2 + 2?")).toMatch(/2 \+ 2 is 4/);
    await shoot("agent");

    // An agent of their own: a night librarian, who speaks as one.
    const name = uniqueName("Vesper");
    await page.goto("/create-agent");
    const form = page.getByRole("form", { name: "Forge a new agent" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Glyph").fill("✶");
    await form.getByLabel("Personality").fill("A night librarian who answers in candle-lit sentences, patient with every reader.");
    await form.getByLabel("Model seat").selectOption("deepseek");
    await form.getByRole("button", { name: "FORGE AGENT" }).click();
    const card = page.getByRole("region", { name: "Agent forged" });
    await expect(card.getByRole("heading", { name })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole("group", { name: "Awakened essence" })).toContainText("night librarian");
    await card.getByRole("link", { name: "Talk to it" }).click();
    const self = await whisper(page, name, "Who are you?");
    expect(self).toMatch(/night librarian|candle-lit/);
    expect(self).not.toMatch(/\bgate\b|Ledger|Stacks|echo/i);
    await shoot("forged");

    // A conclave of three, greeted: the first of them answers, in turn.
    await page.goto("/conversations");
    await page.getByRole("button", { name: "Start a conclave" }).click();
    const dialog = page.getByRole("dialog", { name: "Start a conclave" });
    for (const member of ["Nomenclator", "Echo Haiku", "Mnemosyne Archive"]) {
      await dialog.getByPlaceholder("Find an agent by name").fill(member.split(" ")[0]!);
      const box = dialog.getByRole("checkbox", { name: member, exact: true });
      await expect(async () => {
        if (!(await box.isChecked())) await box.click({ force: true });
        await expect(box).toBeChecked({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    }
    await dialog.getByRole("button", { name: "Open the conclave" }).click();
    await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
    await page.getByLabel("Your message").fill("Hello, keeper. What is the capital of France?");
    await page.getByRole("button", { name: "Send" }).click();
    const thread = page.getByRole("list", { name: "Your thread with the conclave" });
    await expect(thread.locator("li[data-role=agent]").first()).toContainText("Paris", { timeout: 45_000 });
    await expect(page.getByRole("button", { name: "Let them talk" })).toBeVisible({ timeout: 45_000 });
    await shoot("conclave");

    expect(await failureToasts(page)).toEqual([]);
    expect(failures).toEqual([]);
  });
}
