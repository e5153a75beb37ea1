// The Remix form (spec 2, 5, 8) at /agent/{name}/fork, and /forge?source= leading to it.
import { expect, test, type Page } from "./support/test";
import { agentByRef, forgeAgent, uniqueName } from "./support/api";
import { steerOperations } from "./support/network";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

const form = (page: Page, name: string) => page.getByRole("form", { name: `Remix ${name}` });

test("is loaded with the original: its name plus ' v2', glyph ◊, gemini, and a link to its profile", async ({ page, request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  await page.goto("/agent/echo-haiku/fork");
  const remix = form(page, "Echo Haiku");
  await expect(remix.getByLabel("Name")).toHaveValue("Echo Haiku v2");
  await expect(remix.getByLabel("Glyph")).toHaveValue("◊");
  await expect(remix.getByLabel("Model seat")).toHaveValue("gemini");
  await expect(remix.getByLabel("Description")).toHaveValue(/digital echoes/);
  await expect(remix.getByLabel("Remix note")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Echo Haiku" })).toHaveAttribute("href", `/agents/${echo.id}`);
});

test("checks every rule with the spec's messages", async ({ page }) => {
  await page.goto("/agent/nomenclator/fork");
  const remix = form(page, "Nomenclator");
  const evolve = remix.getByRole("button", { name: "EVOLVE" });
  await remix.getByLabel("Name").fill("");
  await remix.getByLabel("Glyph").fill("");
  await remix.getByLabel("Description").fill("too short");
  await remix.getByLabel("Personality").fill("still too short");
  await evolve.click();
  for (const message of [
    "Agent name is required",
    "Glyph is required",
    "Description must be at least 10 characters",
    "Personality description must be at least 20 characters",
  ]) {
    await expect(remix.getByText(message)).toBeVisible();
  }
  await remix.getByLabel("Name").fill("N".repeat(51));
  await evolve.click();
  await expect(remix.getByText("Name too long")).toBeVisible();
  await remix.getByLabel("Glyph").fill("✶≋⌬☍");
  await expect(remix.getByLabel("Glyph")).toHaveValue("✶≋⌬");
  await expect(page).toHaveURL("/agent/nomenclator/fork");
});

test("a remix completes, lands on the new agent with 'Talk to it', shows what it inherited, and raises the original's evolutions", async ({
  page,
  request,
}) => {
  const parent = await forgeAgent(request);
  const name = uniqueName("Evolved");
  await page.goto("/the-named");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.goto(`/agent/${parent.username}/fork`);
  const remix = form(page, parent.name);
  await remix.getByLabel("Name").fill(name);
  await remix.getByLabel("Glyph").fill("⟲");
  await remix.getByLabel("Description").fill("An evolution that listens before it speaks.");
  await remix.getByLabel("Personality").fill("Keeps its parent's patience and adds a listener's care.");
  await remix.getByLabel("Model seat").selectOption("claude");
  await remix.getByLabel("Remix note").fill("Listens first.");
  await remix.getByRole("button", { name: "EVOLVE" }).click();
  await expect(toast(page, "Evolution Complete")).toBeVisible();
  // The creator lands on what they made (issue #30 over the spec's "to The Named").
  await expect(page).toHaveURL(/\/agent\/evolved-[^/?#]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect((await agentByRef(request, parent.id)).remixCount).toBe(1);
  // Same seat as its claude parent: an evolution.
  await expect(page.getByRole("note", { name: "Remix" })).toContainText("EVOLUTION");
  await expect(page.getByRole("note", { name: "Remix" })).toContainText("Listens first.");

  // Its owner sees what it still has of its parent: the persona and capabilities (the words were rewritten).
  const mine = page.getByRole("region", { name: `Your remix of ${parent.name}` });
  await expect(mine.getByRole("listitem")).toHaveText(["Persona: traits, tone, behaviour", "Capabilities: skills, tools, limitations"]);
  await mine.getByRole("button", { name: "Talk to it" }).click();
  await expect(page.getByLabel(`Your invocation to ${name}`)).toBeFocused();

  // Re-awakening streams its own essence in, as the forge does, and nothing is its parent's any more.
  await mine.getByRole("button", { name: "Re-awaken in its own voice" }).click();
  await expect(mine.getByRole("group", { name: "Awakening draft" })).toBeVisible();
  await expect(toast(page, "Re-awakened")).toContainText("version 2");
  await expect(mine).toContainText(`Nothing is left unchanged from ${parent.name}: its essence is its own.`);
  await expect(mine.getByRole("button", { name: "Re-awaken in its own voice" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) })).toContainText(new RegExp(`${name} (is|was made for) `));

  // The Named already loaded lists it (Relay put it in; other specs forge alongside), and its card leads back.
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("link", { name: "The Named" }).click();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await page.getByRole("link", { name: `Interact with ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("a remix that keeps its parent's words says so to its owner only, and points the personality to Edit", async ({ page, browser, request }) => {
  const parent = await forgeAgent(request);
  const name = uniqueName("Echoing");
  await page.goto(`/agent/${parent.username}/fork`);
  const remix = form(page, parent.name);
  await remix.getByLabel("Name").fill(name);
  await remix.getByRole("button", { name: "EVOLVE" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const mine = page.getByRole("region", { name: `Your remix of ${parent.name}` });
  await expect(mine.getByRole("listitem")).toHaveText([
    "Description",
    "Personality",
    "Persona: traits, tone, behaviour",
    "Capabilities: skills, tools, limitations",
  ]);
  const rewrite = mine.getByRole("link", { name: "rewrite it" });
  await expect(rewrite).toHaveAttribute("href", /^\/agents\/[0-9a-f-]+\/edit$/);

  // Someone else sees the remix, not its owner's notes.
  const url = page.url();
  const stranger = await browser.newPage();
  await stranger.goto(url);
  await expect(stranger.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(stranger.getByRole("note", { name: "Remix" })).toBeVisible();
  await expect(stranger.getByRole("region", { name: /^Your remix of/ })).toHaveCount(0);
  await stranger.close();

  await rewrite.click();
  await expect(page).toHaveURL(/\/edit$/);
});

test("Cancel goes back to the Evolution Gate", async ({ page }) => {
  await page.goto("/agent/echo-haiku/fork");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/remix");
  await expect(page.getByRole("heading", { level: 1, name: "Evolution Gate" })).toBeVisible();
});

test("a failed remix says 'Remix Failed' with the server's reason", async ({ page }) => {
  await steerOperations(page, { useRemixAgentMutation: { fail: "Original agent not found" } });
  await page.goto("/agent/echo-haiku/fork");
  await form(page, "Echo Haiku").getByRole("button", { name: "EVOLVE" }).click();
  await expect(toast(page, "Remix Failed")).toContainText("Original agent not found");
  await expect(page).toHaveURL("/agent/echo-haiku/fork");
});

test("a missing original says 'Original agent not found'", async ({ page }) => {
  await page.goto("/agent/no-such-original/fork");
  await expect(page.getByRole("heading", { name: "Original agent not found" })).toBeVisible();
  await expect(page.getByText("Original agent data not available")).toBeVisible();
  await expect(page.getByRole("form")).toHaveCount(0);
});

test("/forge?source={id} resolves to the remix form; /forge alone to the Forge", async ({ page, request }) => {
  const keeper = await agentByRef(request, "threshold-keeper");
  await page.goto(`/forge?source=${keeper.id}`);
  await expect(page).toHaveURL(`/agent/${keeper.id}/fork`);
  await expect(form(page, "The Threshold Keeper").getByLabel("Name")).toHaveValue("The Threshold Keeper v2");
  await page.goto("/forge");
  await expect(page).toHaveURL("/create-agent");
});

test("remix form: screenshots and accessibility", async ({ page, request }) => {
  const lamp = await forgeAgent(request, { name: "Quiet Lamp", glyph: "✧", personality: "Keeps a small light for whoever reads late." });
  await captureScreen(page, "remix-form", async (p) => {
    await p.goto("/agent/echo-haiku/fork");
    await expect(form(p, "Echo Haiku").getByLabel("Name")).toHaveValue("Echo Haiku v2");
  });
  // Where a remix lands: its profile, with what it inherited shown to its owner.
  await captureScreen(page, "remix-landed", async (p) => {
    const name = (p.viewportSize()?.width ?? 0) > 600 ? "Quiet Lantern" : "Quiet Candle";
    await p.goto(`/agent/${lamp.username}/fork`);
    const remix = form(p, "Quiet Lamp");
    await remix.getByLabel("Name").fill(name);
    await remix.getByLabel("Remix note").fill("Reads by its own light.");
    await remix.getByRole("button", { name: "EVOLVE" }).click();
    await expect(p.getByRole("region", { name: "Your remix of Quiet Lamp" })).toBeVisible();
    await expect(toast(p, "Evolution Complete")).toBeVisible();
    await p.mouse.move(0, 0);
  });
  await captureScreen(page, "remix-form-missing", async (p) => {
    await p.goto("/agent/no-such-original/fork");
    await expect(p.getByRole("heading", { name: "Original agent not found" })).toBeVisible();
  });
});
