// Forge New Agent (spec 2, 4, 5, 8): the form's rules, pending state, confirmation and errors.
import { expect, test, type Page } from "./support/test";
import { uniqueName } from "./support/api";
import { recordOperations, steerOperations } from "./support/network";
import { captureScreen, settle } from "./support/screens";
import { toast } from "./support/toasts";

const form = (page: Page) => page.getByRole("form", { name: "Forge a new agent" });

test("an empty forge shows every field's message and sends nothing", async ({ page }) => {
  await page.goto("/create-agent");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  for (const message of [
    "Agent name is required",
    "Agent glyph is required",
    "Personality description must be at least 10 characters",
    "Please select an AI model",
  ]) {
    await expect(form(page).getByText(message)).toBeVisible();
  }
  await form(page).getByLabel("Personality").fill("Too short");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(form(page).getByText("Personality description must be at least 10 characters")).toBeVisible();
});

test("fields in error are marked invalid and ringed in red; the glyph's placeholder is dim and italic, not a value", async ({ page }) => {
  await page.goto("/create-agent");
  const glyph = form(page).getByLabel("Glyph");
  const placeholder = await glyph.evaluate((node) => {
    const style = getComputedStyle(node, "::placeholder");
    return { style: style.fontStyle, colour: style.color, value: getComputedStyle(node).color };
  });
  expect(placeholder.style).toBe("italic");
  expect(placeholder.colour).not.toBe(placeholder.value);
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  for (const label of ["Name", "Glyph", "Personality", "Model seat"]) {
    const field = form(page).getByLabel(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // The theme's danger colour (#fca5a5), whatever border the screen gives its fields.
    await expect(field).toHaveCSS("border-top-color", "rgb(252, 165, 165)");
  }
  await form(page).getByLabel("Name").fill("Vigil");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(form(page).getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
});

for (const [size, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`the sigil's tones fit their buttons (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/create-agent");
    await form(page).getByRole("button", { name: "✧ Forge a sigil" }).click();
    const tones = form(page).getByRole("group").filter({ hasText: "TONE" }).locator("label");
    await expect(tones).toHaveCount(8);
    await expect(tones.filter({ hasText: "Technological" })).toBeVisible();
    const overflowing = await tones.evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent));
    expect(overflowing).toEqual([]);
  });
}

test("the glyph takes at most three characters", async ({ page }) => {
  await page.goto("/create-agent");
  const glyph = form(page).getByLabel("Glyph");
  await glyph.fill("✶≋⌬☍");
  await expect(glyph).toHaveValue("✶≋⌬");
  await glyph.fill("🜂🜁🜃🜄");
  await expect(glyph).toHaveValue("🜂🜁🜃");
});

test("forging binds the essence, confirms it, and the agent leads The Named", async ({ page }) => {
  const steering = await steerOperations(page, { useAwakeningForgingSubscription: { hold: true } });
  const name = uniqueName("Aurelian Tide");
  await page.goto("/the-named");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.getByRole("link", { name: "Create Agent" }).click();
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Glyph").fill("☼");
  await form(page).getByLabel("Personality").fill("Warm, tidal and patient; answers in slow waves.");
  await form(page).getByLabel("Model seat").selectOption("deepseek");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(page.getByRole("button", { name: "Binding Essence..." })).toBeDisabled();
  steering.release("useAwakeningForgingSubscription");
  // Its awakening streams in under the form as the oracle writes it, then the confirmation shows it whole.
  const drafting = page.getByRole("group", { name: "Awakening draft" });
  await expect(drafting).toContainText(`AWAKENING ${name.toUpperCase()}`);
  await expect(drafting).toContainText(new RegExp(`${name} (is|was made for) `));
  await expect(page.getByRole("button", { name: "Binding Essence..." })).toBeDisabled();

  const card = page.getByRole("region", { name: "Agent forged" });
  // The oracle writes the draft at its streaming pace before the confirmation replaces it.
  await expect(card.getByRole("heading", { name })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText("DEEPSEEK", { exact: true })).toBeVisible();
  await expect(card.getByRole("img", { name: `${name}'s glyph` })).toHaveText("☼");
  await expect(toast(page, "Agent Forged")).toBeVisible();
  // It awoke: the oracle (no seat has a key here) drafted its description and traits, and says so.
  const essence = card.getByRole("group", { name: "Awakened essence" });
  // Its own sentences about the agent, never the creator's words handed back (#29).
  await expect(essence).toContainText(new RegExp(`${name} (is|was made for) `));
  await expect(essence).not.toContainText("was forged with these words");
  await expect(essence).toContainText("Awakened by the offline oracle");
  await essence.getByRole("button", { name: "Redraw essence" }).click();
  await expect(card.getByRole("group", { name: "Awakening draft" })).toBeVisible();
  await expect(toast(page, "Essence Redrawn")).toContainText("Saved as version 2.");
  await expect(card.getByRole("group", { name: "Awakened essence" })).toContainText(new RegExp(`${name} (is|was made for) `));

  // Relay put it at the head of the listing already loaded.
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("link", { name: "The Named" }).click();
  await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText(name);

  await page.goBack();
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(uniqueName("Second Tide"));
  await form(page).getByLabel("Glyph").fill("≋");
  await form(page).getByLabel("Personality").fill("Another tide, for the terminal link.");
  await form(page).getByLabel("Model seat").selectOption("gemini");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await page.getByRole("link", { name: "View in Terminal" }).click();
  await expect(page).toHaveURL(/\/agent\/second-tide/);
  await expect(page.getByRole("heading", { level: 1, name: /Second Tide/ })).toBeVisible();
});

test("after forging, the first action is 'Talk to it': the agent's page opens at its whisper box, focused, on a new thread", async ({ page }) => {
  const name = uniqueName("Talking Ember");
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Glyph").fill("✺");
  await form(page).getByLabel("Personality").fill("Glad of company, it answers the first word it hears.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  const card = page.getByRole("region", { name: "Agent forged" });
  await expect(card.getByRole("heading", { name })).toBeVisible({ timeout: 20_000 });
  // The confirmation stays; its first way onward is to talk to what was made.
  await expect(card.getByRole("link").first()).toHaveText("Talk to it");
  await expect(card.getByRole("link")).toHaveText(["Talk to it", "View in Terminal"]);
  await card.getByRole("link", { name: "Talk to it" }).click();
  await expect(page).toHaveURL(/\/agent\/talking-ember[^/?]*#whisper-input$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const input = page.getByLabel(`Your invocation to ${name}`);
  await expect(input).toBeFocused();
  await expect(input).toBeInViewport();
  // A new thread: nothing said yet, no thread in the address, and the creator's words go straight in.
  await expect(page.getByRole("button", { name: "New conversation" })).toHaveCount(0);
  await page.keyboard.type("Hello, ember.");
  await expect(input).toHaveValue("Hello, ember.");
});

test("a sigil drawn by the Glyph Forge becomes the agent's glyph and avatar", async ({ page }) => {
  const name = uniqueName("Sigil Bearer");
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByRole("button", { name: "✧ Forge a sigil" }).click();
  await expect(form(page).getByRole("img", { name: `Generated glyph for ${name}` })).toBeVisible();
  await form(page).getByRole("button", { name: "Take this sigil" }).click();
  await expect(form(page).getByText("Its sigil is chosen")).toBeVisible();
  // The glyph field takes the sigil's one-character mark.
  await expect(form(page).getByLabel("Glyph")).toHaveValue(/^\S$/u);
  await form(page).getByLabel("Personality").fill("Carries the sign it was given, and answers to it.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await page.getByRole("link", { name: "View in Terminal" }).click();
  const avatar = page.getByRole("img", { name: `${name}'s avatar` });
  await expect(avatar).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
});

test("'Create Another' returns to an empty form", async ({ page }) => {
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(uniqueName("Once"));
  await form(page).getByLabel("Glyph").fill("◈");
  await form(page).getByLabel("Personality").fill("Forged once, and then again.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await page.getByRole("button", { name: "Create Another" }).click();
  await expect(form(page).getByLabel("Name")).toHaveValue("");
  await expect(form(page).getByLabel("Glyph")).toHaveValue("");
  await expect(form(page).getByLabel("Model seat")).toHaveValue("");
});

test("a name longer than the network accepts is refused by the form with the server's message, and nothing is sent", async ({ page }) => {
  const sent = recordOperations(page);
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill("N".repeat(81));
  await form(page).getByLabel("Glyph").fill("◈");
  await form(page).getByLabel("Personality").fill("A name longer than the network accepts.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(form(page).getByText("Name too long")).toBeVisible();
  await expect(form(page).getByLabel("Name")).toHaveValue("N".repeat(81));
  expect(sent).not.toContain("useAwakeningForgingSubscription");
});

test("a refusal from the server says 'Creation Failed' with its message", async ({ page }) => {
  await steerOperations(page, { useAwakeningForgingSubscription: { fail: "Too many agents are taking that name right now; try again" } });
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(uniqueName("Crowded"));
  await form(page).getByLabel("Glyph").fill("◈");
  await form(page).getByLabel("Personality").fill("A name many are taking at once.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(toast(page, "Creation Failed")).toContainText("Too many agents are taking that name right now; try again");
  await expect(form(page).getByLabel("Personality")).toHaveValue("A name many are taking at once.");
});

test("a lost network says 'Creation Failed' with what went wrong", async ({ page }) => {
  await steerOperations(page, { useAwakeningForgingSubscription: { fail: "The network could not be reached" } });
  await page.goto("/create-agent");
  await form(page).getByLabel("Name").fill(uniqueName("Lost"));
  await form(page).getByLabel("Glyph").fill("◈");
  await form(page).getByLabel("Personality").fill("Forged into a network that is not there.");
  await form(page).getByLabel("Model seat").selectOption("claude");
  await form(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await expect(toast(page, "Creation Failed")).toContainText("The network could not be reached");
});

test("forge: screenshots and accessibility", async ({ page }) => {
  await captureScreen(page, "create-agent", async (p) => {
    await p.goto("/create-agent");
    const forge = form(p).getByRole("button", { name: "FORGE AGENT" });
    await forge.click();
    await expect(form(p).getByText("Agent name is required")).toBeVisible();
    // Where the click left the page depends on how Playwright scrolled to the button: the
    // photograph ends the page at the button, once the fonts are in, with no pointer over it.
    await p.mouse.move(0, 0);
    await settle(p);
    await forge.evaluate((button) => button.scrollIntoView({ block: "end" }));
  });
  await captureScreen(page, "create-agent-forged", async (p) => {
    await p.goto("/create-agent");
    await form(p).getByLabel("Name").fill("Lantern of Small Hours");
    await form(p).getByLabel("Glyph").fill("✧");
    await form(p).getByLabel("Personality").fill("Keeps watch at 3 a.m. and speaks softly.");
    await form(p).getByLabel("Model seat").selectOption("perplexity");
    await form(p).getByRole("button", { name: "FORGE AGENT" }).click();
    await expect(p.getByRole("region", { name: "Agent forged" })).toBeVisible();
    // Its toast comes with a screen loaded on demand: seen here, so the photograph waits it out.
    await expect(toast(p, "Agent Forged")).toBeVisible();
    await p.mouse.move(0, 0);
  });
});
