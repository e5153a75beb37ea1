// The agent profile (spec 2): its sections in order, lineage, outputs, the whisper box, the
// summoning phrase, REMIX, the Embed dialog, and its loading and failure states.
import { expect, test } from "./support/test";
import { agentByRef, forgeAgent, remixAgent } from "./support/api";
import { steerOperations } from "./support/network";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("shows every section of a genesis agent in the spec's order", async ({ page, request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  await page.goto(`/agents/${echo.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    /Persona$/,
    /Capabilities$/,
    /Sample Outputs$/,
    "Whisper to Echo Haiku",
    "Summoning Phrase",
  ]);
  await expect(page.getByText("Created by The Void")).toBeVisible();
  await expect(page.getByText(/ago|just now/).first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Echo Haiku's avatar" })).toHaveText("E");
  const persona = page.getByRole("region", { name: "Persona" });
  await expect(persona).toContainText("Core traits");
  await expect(persona).toContainText("contemplative");
  await expect(persona).toContainText("Communication tone");
  await expect(persona).toContainText("hushed and lyrical");
  await expect(persona).toContainText("Behavioral pattern");
  const capabilities = page.getByRole("region", { name: "Capabilities" });
  await expect(capabilities).toContainText("Primary skills");
  await expect(capabilities).toContainText("haiku composition");
  await expect(capabilities).toContainText("Available tools");
  await expect(capabilities).toContainText("Operational constraints");
  // A genesis agent never remixed has no lineage card, and no remix banner.
  await expect(page.getByRole("region", { name: "Lineage" })).toHaveCount(0);
  await expect(page.getByRole("note", { name: "Remix" })).toHaveCount(0);
  // Then the way to remix it, to embed it, and who originated it.
  const order = await page.evaluate(() =>
    ["Whisper to Echo Haiku", "REMIX THIS AGENT", "Embed this Agent", "Originator:"].map((text) =>
      [...document.querySelectorAll("main *")].findIndex((node) => node.childNodes[0]?.textContent?.startsWith(text)),
    ),
  );
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await expect(page).toHaveTitle("Echo Haiku · Nomina");
  // The server wrote the same title and tags into the HTML for previews: the app's take their place.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Echo Haiku · Nomina");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", page.url());
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Gathers the digital echoes/);
  await expect(page.locator("title")).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
});

test("sample outputs carry their type's icon and 1-5 quality dots; code is preformatted", async ({ page }) => {
  await page.goto("/agent/mnemosyne");
  const outputs = page.getByRole("region", { name: "Sample Outputs" });
  await expect(outputs.getByRole("listitem")).toHaveCount(2);
  await expect(outputs.locator("svg[data-icon=text]")).toHaveCount(1);
  await expect(outputs.locator("svg[data-icon=code]")).toHaveCount(1);
  await expect(outputs.getByRole("img", { name: "Quality 5 of 5" })).toBeVisible();
  const three = outputs.getByRole("img", { name: "Quality 3 of 5" });
  await expect(three.locator("[data-filled=true]")).toHaveCount(3);
  await expect(three.locator("[data-filled=false]")).toHaveCount(2);
  await expect(outputs.locator("pre")).toHaveText("archive.recall({ about: 'first ripple', withProvenance: true })");
});

test("an agent with no outputs says NO_OUTPUTS_AVAILABLE", async ({ page, request }) => {
  // A forged agent awakens with a sample; a remix starts with none of its own.
  const agent = await remixAgent(request, await forgeAgent(request));
  await page.goto(`/agents/${agent.id}`);
  await expect(page.getByRole("region", { name: "Sample Outputs" })).toContainText("NO_OUTPUTS_AVAILABLE");
});

test("the lineage card: the parent it was remixed from, and up to five of its evolutions", async ({ page, request }) => {
  const parent = await forgeAgent(request);
  const children = [];
  for (let i = 0; i < 6; i++) children.push(await remixAgent(request, parent, { remixNote: i === 5 ? "Quieter, and kinder." : undefined }));
  const last = children[5]!;

  await page.goto(`/agents/${last.id}`);
  // The parent speaks from claude, the remix from gemini (the default): a transmutation.
  await expect(page.getByRole("note", { name: "Remix" })).toContainText("TRANSMUTATION");
  await expect(page.getByRole("note", { name: "Remix" })).toContainText("Quieter, and kinder.");
  const childLineage = page.getByRole("region", { name: "Lineage" });
  await expect(childLineage).toContainText("Remixed from");
  await expect(childLineage).toContainText(`@${parent.username}`);
  await childLineage.getByRole("link", { name: new RegExp(parent.name) }).click();
  await expect(page).toHaveURL(`/agents/${parent.id}`);

  const lineage = page.getByRole("region", { name: "Lineage" });
  await expect(lineage).toContainText("Evolved into");
  await expect(lineage).toContainText("6 evolutions");
  await expect(lineage.getByRole("link", { name: /Remix / })).toHaveCount(5);
  // Both lead to the ancestry map focused on this agent's tree.
  await expect(lineage.getByRole("link", { name: "View all 6 evolutions" })).toHaveAttribute("href", `/lineage?focus=${parent.id}`);
  await expect(lineage.getByRole("link", { name: "Open the full ancestry map →" })).toHaveAttribute("href", `/lineage?focus=${parent.id}`);
});

test("the whisper box: disabled when empty, then summons an answer that can be shared", async ({ page }) => {
  const steering = await steerOperations(page, { agentInvocationSubscription: { hold: true } });
  await page.goto("/agent/nomenclator");
  const box = page.getByRole("region", { name: "Whisper to Nomenclator" });
  const input = box.getByRole("textbox", { name: "Your invocation to Nomenclator" });
  await expect(input).toHaveAttribute("placeholder", "Enter your invocation...");
  const summon = box.getByRole("button", { name: "SUMMON RESPONSE" });
  await expect(summon).toBeDisabled();
  await input.fill("   ");
  await expect(summon).toBeDisabled();
  // Shift+Enter is a new line; Enter sends, and the box empties and keeps the focus (#27).
  await input.fill("What title");
  await input.press("Shift+Enter");
  await input.pressSequentially("would you give me?");
  await expect(input).toHaveValue("What title\nwould you give me?");
  await input.fill("What title would you give me?");
  await input.press("Enter");
  await expect(box.getByRole("button", { name: "SUMMONING..." })).toBeDisabled();
  await expect(input).toHaveValue("");
  await expect(input).toBeFocused();
  await expect(box.getByRole("button", { name: "Offer a Truth" })).toBeDisabled();
  await expect(box.getByText("The void whispers back...")).toBeVisible();
  steering.release("agentInvocationSubscription");
  await expect(box.getByText("Nomenclator responds...")).toBeVisible();
  const response = box.getByTestId("agent-response");
  await expect(response).not.toBeEmpty();
  await expect(response).toBeInViewport();
  await expect(box.getByText("answered by the offline oracle")).toBeVisible();
  await expect(box.getByTestId("asked").last()).toHaveText("What title would you give me?");

  const answer = await response.textContent();
  await box.getByRole("link", { name: /share this whisper/ }).click();
  await expect(page).toHaveURL(/\/whisper\/[0-9a-f-]{36}$/);
  await expect(page.getByText(answer!.trim().slice(0, 40))).toBeVisible();
});

test("the answer arrives as the agent speaks it, word by word, before it is kept", async ({ page }) => {
  await page.goto("/agent/mnemosyne");
  const box = page.getByRole("region", { name: "Whisper to Mnemosyne Archive" });
  // Every length the answer takes on screen, and whether the box was still summoning then.
  await page.evaluate(() => {
    const seen: { length: number; pending: boolean }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const answer = document.querySelector('[data-testid="agent-response"]');
      const pending = [...document.querySelectorAll("button")].some((button) => button.textContent === "SUMMONING...");
      if (answer) seen.push({ length: answer.textContent?.length ?? 0, pending });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await box.getByRole("textbox").fill("What do you keep, and for whom?");
  await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
  await expect(box.getByRole("link", { name: /share this whisper/ })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: { length: number; pending: boolean }[] }).seen);
  const whileSpeaking = new Set(seen.filter((step) => step.pending && step.length > 0).map((step) => step.length));
  expect(whileSpeaking.size).toBeGreaterThan(2);
  const final = (await box.getByTestId("agent-response").textContent())!.length;
  expect(Math.max(...whileSpeaking)).toBeLessThanOrEqual(final);
});

test("a glyph ritual clears the text box and sends its own prompt", async ({ page }) => {
  await page.goto("/agent/echo-haiku");
  const box = page.getByRole("region", { name: "Whisper to Echo Haiku" });
  await box.getByRole("textbox").fill("this will be cleared");
  await box.getByRole("button", { name: "Gift a Poem" }).click();
  await expect(box.getByRole("textbox")).toHaveValue("");
  await expect(box.getByText("Echo Haiku responds...")).toBeVisible();
  await expect(box.getByTestId("agent-response")).not.toBeEmpty();
  // A visitor's one ritual of the day is spent: the three say so rather than fail (rough-edges.spec.ts).
  await expect(box.getByTestId("daily-allowance")).toHaveText(/^No rituals left today/);
  for (const ritual of ["Offer a Truth", "Gift a Poem", "Reveal a Secret"]) await expect(box.getByRole("button", { name: ritual })).toBeDisabled();
});

test("a failed invocation says 'Communion Failed' and returns to idle", async ({ page }) => {
  await steerOperations(page, { agentInvocationSubscription: { fail: "The seat is empty tonight" } });
  await page.goto("/agent/echo-haiku");
  const box = page.getByRole("region", { name: "Whisper to Echo Haiku" });
  await box.getByRole("textbox").fill("Are you there?");
  await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
  await expect(toast(page, "Communion Failed")).toContainText("The seat is empty tonight");
  // What was typed comes back to the box, ready to send again.
  await expect(box.getByRole("textbox")).toHaveValue("Are you there?");
  await expect(box.getByRole("button", { name: "SUMMON RESPONSE" })).toBeEnabled();
  await expect(box.getByText("Echo Haiku responds...")).toHaveCount(0);
});

test("the summoning phrase is derived from the agent's essence and copies to the clipboard", async ({ page }) => {
  await page.goto("/agent/echo-haiku");
  const phrase = page.getByRole("region", { name: "Summoning Phrase" });
  await expect(phrase).toContainText("Algorithmic invocation based on agent essence");
  const text = (await phrase.getByTestId("summoning-phrase").textContent())!.replace(/[“”]/g, "");
  expect(text).toContain("Echo Haiku");
  expect(text).toContain("hushed and lyrical");
  await phrase.getByRole("button", { name: "Copy phrase" }).click();
  await expect(toast(page, "Summoning Phrase Copied")).toContainText("The invocation has been captured to your clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
});

test("REMIX THIS AGENT goes through /forge?source= to the remix form", async ({ page, request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  await page.goto(`/agents/${echo.id}`);
  await expect(page.getByRole("link", { name: "REMIX THIS AGENT" })).toHaveAttribute("href", `/forge?source=${echo.id}`);
  await page.getByRole("link", { name: "REMIX THIS AGENT" }).click();
  await expect(page).toHaveURL(`/agent/${echo.id}/fork`);
  await expect(page.getByRole("heading", { level: 1, name: "Remix Echo Haiku" })).toBeVisible();
});

test("the Embed dialog: options change the live preview and the snippet, which copies", async ({ page, request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  await page.goto(`/agents/${echo.id}`);
  await page.getByRole("button", { name: "Embed this Agent" }).click();
  const dialog = page.getByRole("dialog", { name: "Embed this Agent" });
  const origin = new URL(page.url()).origin;
  const snippet = dialog.getByTestId("embed-snippet");
  const preview = dialog.locator("iframe");
  await expect(dialog.getByLabel("Width")).toHaveValue("100%");
  await expect(dialog.getByLabel("Height (px)")).toHaveValue("400");
  await expect(dialog.getByLabel("Theme")).toHaveValue("dark");
  await expect(dialog.getByRole("checkbox", { name: "Show glyphs" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Auto-focus" })).not.toBeChecked();
  await expect(snippet).toContainText(`src="${origin}/embed/${echo.id}"`);
  await expect(snippet).toContainText('width="100%" height="400"');
  await expect(preview).toHaveAttribute("src", `${origin}/embed/${echo.id}`);
  await expect(preview.contentFrame().getByText("Echo Haiku", { exact: true })).toBeVisible();

  // The sizes are typed before Auto-focus is on: a preview that takes the focus as it reloads would take the keys too.
  await dialog.getByLabel("Width").fill("640px");
  await dialog.getByLabel("Height (px)").fill("520");
  await dialog.getByLabel("Theme").selectOption("light");
  await dialog.getByText("Show glyphs").click();
  await dialog.getByText("Auto-focus").click();
  const url = `${origin}/embed/${echo.id}?theme=light&amp;glyphs=false&amp;autoFocus=true`;
  await expect(snippet).toContainText(`src="${url}" width="640px" height="520"`);
  await expect(preview).toHaveAttribute("src", url.replace(/&amp;/g, "&"));
  await expect(preview.contentFrame().getByRole("button", { name: "Offer a Truth" })).toHaveCount(0);
  await expect(preview.contentFrame().getByText("Echo Haiku", { exact: true })).toBeVisible();

  await dialog.getByRole("button", { name: "Copy embed code" }).click();
  await expect(toast(page, "Embed Code Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await snippet.textContent())!);
});

test("a refused clipboard says 'Copy Failed' for the embed code", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
  });
  await page.goto("/agent/echo-haiku");
  await page.getByRole("button", { name: "Embed this Agent" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Copy embed code" }).click();
  await expect(toast(page, "Copy Failed")).toContainText("Unable to copy to clipboard. Please copy manually.");
});

test("loading, then AGENT NOT FOUND with a RETURN that goes back", async ({ page }) => {
  const steering = await steerOperations(page, { AgentProfileRouteQuery: { hold: true } });
  await page.goto("/the-named");
  await page.goto("/agents/01890000-0000-7000-8000-000000000000");
  await expect(page.getByText("LOADING AGENT PROFILE...")).toBeVisible();
  steering.release("AgentProfileRouteQuery");
  await expect(page.getByRole("heading", { level: 1, name: "AGENT NOT FOUND" })).toBeVisible();
  await expect(page.getByText("The requested agent does not exist")).toBeVisible();
  await page.getByRole("button", { name: "RETURN" }).click();
  await expect(page).toHaveURL("/the-named");
});

test("a profile that cannot load says AGENT NOT FOUND with the network's message", async ({ page }) => {
  await steerOperations(page, { AgentProfileRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/agent/echo-haiku");
  await expect(page.getByRole("heading", { level: 1, name: "AGENT NOT FOUND" })).toBeVisible();
  await expect(page.getByText("The network could not be reached")).toBeVisible();
});

test("agent profile: screenshots and accessibility", async ({ page, request }) => {
  const parent = await agentByRef(request, "cartographer");
  const child = await remixAgent(request, parent, { name: "Cartographer of Found Signals", remixNote: "Maps what answers back." });
  await captureScreen(page, "agent-profile", async (p) => {
    await p.goto("/agent/echo-haiku");
    await expect(p.getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
  });
  await captureScreen(page, "agent-profile-remix", async (p) => {
    await p.goto(`/agents/${child.id}`);
    await expect(p.getByRole("region", { name: "Lineage" })).toBeVisible();
  });
  await captureScreen(page, "agent-profile-whisper", async (p) => {
    await p.goto("/agent/echo-haiku");
    await p.getByRole("button", { name: "Gift a Poem", exact: true }).click();
    await expect(p.getByTestId("agent-response")).not.toBeEmpty();
    // The whole answer, not the words streamed so far.
    await expect(p.getByRole("link", { name: /share this whisper/ })).toBeVisible();
    // Always the same place: the box's heading at the top (scrollIntoViewIfNeeded keeps wherever the page happened to be).
    await p.getByRole("heading", { name: "Whisper to Echo Haiku" }).evaluate((element) => element.scrollIntoView({ block: "start" }));
  });
  await captureScreen(
    page,
    "agent-profile-embed",
    async (p) => {
      await p.goto("/agent/echo-haiku");
      await p.getByRole("button", { name: "Embed this Agent" }).click();
      await expect(p.getByRole("dialog").locator("iframe").contentFrame().getByText("Echo Haiku", { exact: true })).toBeVisible();
    },
    (p) => [p.getByTestId("embed-snippet"), p.getByRole("dialog").locator("iframe")],
  ); // this run's origin and the agent's id; the live preview, a page of its own with its own timing
});
