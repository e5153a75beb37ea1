// The embeddable widget at /embed/{agentId} (spec 2, 9): its query parameters, states, and
// that only it may be framed by other sites.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/test";
import { agentByRef } from "./support/api";
import { steerOperations } from "./support/network";
import { pauseClockAhead } from "./support/timing";
import { captureScreen } from "./support/screens";

test("shows the agent: two initials, its name, three traits, its description and the whisper box", async ({ page, request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  await page.goto(`/embed/${echo.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Echo Haiku's avatar" })).toHaveText("EH");
  await expect(page.getByText("contemplative · melancholic · precise", { exact: true })).toBeVisible();
  await expect(page.getByText("Gathers the digital echoes")).toBeVisible();
  for (const ritual of ["Offer a Truth", "Gift a Poem", "Reveal a Secret"]) await expect(page.getByRole("button", { name: ritual })).toBeVisible();
  await expect(page.getByRole("textbox")).not.toBeFocused();
  await expect(page.getByRole("link", { name: /Summoned through Nomina/ })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("button", { name: "Open the network menu" })).toHaveCount(0);
  await expect(page.locator("html")).toHaveClass(/dark/);

  await page.getByRole("textbox").fill("Who listens?");
  await page.getByRole("button", { name: "SUMMON RESPONSE" }).click();
  await expect(page.getByText("Echo Haiku responds...")).toBeVisible();
});

test("glyphs=false hides the rituals, autoFocus=true focuses the box, theme=light lightens it", async ({ page }) => {
  await page.goto("/embed/echo-haiku?glyphs=false&autoFocus=true&theme=light");
  await expect(page.getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Offer a Truth" })).toHaveCount(0);
  await expect(page.getByRole("textbox")).toBeFocused();
  await expect(page.locator("html")).toHaveClass(/light/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(247, 245, 255)");
  await page.goto("/embed/echo-haiku?glyphs=anything");
  await expect(page.getByRole("button", { name: "Offer a Truth" })).toBeVisible();
});

test("whisper= sends its message by itself, one second after the page opens", async ({ page }) => {
  // The page's clock, not the machine's: paused while the agent is held back, a second passes
  // only when the test says so. Paused a second past the loading screen, React's 300 ms pacing
  // of a suspended screen's reveal is over: the agent shows the moment it arrives, so the page
  // opens at a time the test knows.
  const steering = await steerOperations(page, { EmbedRouteQuery: { hold: true } });
  await page.clock.install();
  await page.goto("/embed/echo-haiku?whisper=What%20remains%20of%20the%20cache%3F");
  await expect(page.getByText("Summoning consciousness...")).toBeVisible();
  await pauseClockAhead(page);
  steering.release("EmbedRouteQuery");
  await expect(page.getByRole("textbox")).toHaveValue("What remains of the cache?");
  await expect(page.getByText("Echo Haiku responds...")).toHaveCount(0);
  await page.clock.runFor(999);
  await expect(page.getByText("The void whispers back...")).toHaveCount(0);
  await expect(page.getByText("Echo Haiku responds...")).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.getByText(/The void whispers back...|Echo Haiku responds.../).first()).toBeVisible();
  // Sent: the answer may stream in on the page's own time again.
  await page.clock.resume();
  await expect(page.getByText("Echo Haiku responds...")).toBeVisible();
  await expect(page.getByTestId("agent-response")).not.toBeEmpty();
});

test("loading says 'Summoning consciousness...'; a missing agent, 'Entity not found in the void'", async ({ page }) => {
  const steering = await steerOperations(page, { EmbedRouteQuery: { hold: true } });
  await page.goto("/embed/no-such-entity");
  await expect(page.getByText("Summoning consciousness...")).toBeVisible();
  steering.release("EmbedRouteQuery");
  await expect(page.getByText("Entity not found in the void")).toBeVisible();
  await expect(page.getByText("Agent may have departed or never existed")).toBeVisible();
});

test("an embed that cannot load says 'Entity not found in the void'", async ({ page }) => {
  await steerOperations(page, { EmbedRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/embed/echo-haiku");
  await expect(page.getByText("Entity not found in the void")).toBeVisible();
});

test("other sites may frame /embed/*, and no other page", async ({ page, request }) => {
  test.info().annotations.push({ type: "csp-refusal", description: "frame-ancestors" });
  const embed = await request.get("/embed/echo-haiku");
  const frameAncestors = (headers: Record<string, string>) => /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(frameAncestors(embed.headers())).toBe("*");
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  const named = await request.get("/the-named");
  expect(frameAncestors(named.headers())).toBe("'none'");
  expect(named.headers()["x-frame-options"]).toBe("DENY");

  // A page of another site (a server of its own, with no policy of its own) framing both.
  const app = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:4600");
  const site = createServer((_request, response) =>
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Elsewhere</title><body></body>"),
  );
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const elsewhere = `http://localhost:${(site.address() as AddressInfo).port}/`;
  await page.goto(elsewhere);
  const refusal = page.waitForEvent("console", (message) => /violates .*"frame-ancestors 'none'"/.test(message.text()));
  await page.evaluate((origin) => {
    document.body.innerHTML = `<iframe id="embed" src="${origin}/embed/echo-haiku"></iframe><iframe id="named" src="${origin}/the-named"></iframe>`;
  }, app.origin);
  await expect(page.frameLocator("#embed").getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
  // The browser says it refused to frame The Named; then nothing of it is there.
  await refusal;
  await expect(page.frameLocator("#named").getByRole("heading", { level: 1, name: "The Named" })).toHaveCount(0);
  await new Promise((resolve) => site.close(resolve));
});

test("embed: screenshots and accessibility", async ({ page }) => {
  await captureScreen(page, "embed", async (p) => {
    await p.goto("/embed/echo-haiku");
    await expect(p.getByRole("heading", { level: 1, name: "Echo Haiku" })).toBeVisible();
  });
  await captureScreen(page, "embed-light", async (p) => {
    await p.goto("/embed/mnemosyne?theme=light&whisper=What%20was%20the%20first%20whisper%3F");
    await expect(p.getByTestId("agent-response")).not.toBeEmpty();
    // The whole answer, not the words streamed so far.
    await expect(p.getByRole("link", { name: /share this whisper/ })).toBeVisible();
  });
});
