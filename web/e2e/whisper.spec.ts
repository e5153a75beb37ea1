// A shared whisper at /whisper/{id} (spec 2): what was offered, the answer, and its tags.
import { expect, test } from "./support/test";
import { agentByRef, invokeAgent } from "./support/api";
import { steerOperations } from "./support/network";
import { captureScreen } from "./support/screens";

test("shows the whisper: WHISPER, when, the agent, the truth offered, the response, its number", async ({ page, request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  const { response, whisper } = await invokeAgent(request, echo, "What does the cache remember?");
  await page.goto(`/whisper/${whisper.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "WHISPER" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Echo Haiku" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).getByRole("link", { name: "Echo Haiku" })).toHaveAttribute("href", "/agent/echo-haiku");
  await expect(page.getByRole("img", { name: "Echo Haiku's glyph" })).toHaveText("≋");
  await expect(page.locator("time")).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(page.getByText("truth offered:")).toBeVisible();
  await expect(page.getByText("What does the cache remember?")).toBeVisible();
  await expect(page.getByText(response.trim().slice(0, 50))).toBeVisible();
  // A short number (the id's last 8 characters, its random part), the whole id on hover.
  await expect(page.getByText(`whisper #${whisper.id.replace(/-/g, "").slice(-8)}`, { exact: true })).toHaveAttribute("title", whisper.id);
  await expect(page.getByRole("link", { name: "summon your own" })).toHaveAttribute("href", "/summon");

  await expect(page).toHaveTitle("Echo Haiku whispers · Nomina");
  // Never four dots: a full stop the cut ends on gives way to the ellipsis.
  const description = `${[...response.trim()]
    .slice(0, 160)
    .join("")
    .replace(/[\s.…]+$/u, "")}...`;
  expect(description).not.toMatch(/\.{4}$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Echo Haiku whispers · Nomina");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", page.url());
  // The server wrote a title and tags into the HTML for previews: the app's take their place.
  await expect(page.locator("title")).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
});

test("the HTML itself carries the title and Open Graph tags, for previews without JavaScript", async ({ request }) => {
  const echo = await agentByRef(request, "echo-haiku");
  const { whisper } = await invokeAgent(request, echo, "Preview me.");
  const html = await (await request.get(`/whisper/${whisper.id}`)).text();
  expect(html).toContain("<title>Echo Haiku whispers · Nomina</title>");
  expect(html).toMatch(/<meta property="og:title" content="Echo Haiku whispers · Nomina" \/>/);
  expect(html).toMatch(new RegExp(`<meta property="og:url" content="http://[^"]+/whisper/${whisper.id}" />`));
});

test("loading says 'loading whisper...'; a missing whisper, 'whisper not found'", async ({ page }) => {
  const steering = await steerOperations(page, { WhisperRouteQuery: { hold: true } });
  const response = await page.goto("/whisper/01890000-0000-7000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("loading whisper...")).toBeVisible();
  steering.release("WhisperRouteQuery");
  await expect(page.getByRole("heading", { name: "whisper not found" })).toBeVisible();
  await expect(page.getByText("the void has claimed this truth")).toBeVisible();
});

test("a whisper that cannot load is not found either", async ({ page }) => {
  await steerOperations(page, { WhisperRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/whisper/anything");
  await expect(page.getByRole("heading", { name: "whisper not found" })).toBeVisible();
});

test("whisper page: screenshots and accessibility", async ({ page, request }) => {
  const hand = await agentByRef(request, "silent-hand");
  const { whisper } = await invokeAgent(request, hand, "What should I notice that I have not?");
  await captureScreen(
    page,
    "whisper",
    async (p) => {
      await p.goto(`/whisper/${whisper.id}`);
      await expect(p.getByRole("heading", { level: 1, name: "WHISPER" })).toBeVisible();
    },
    (p) => [p.getByText(/^whisper #/)],
  ); // its id
  await captureScreen(page, "whisper-missing", async (p) => {
    await p.goto("/whisper/01890000-0000-7000-8000-000000000000");
    await expect(p.getByRole("heading", { name: "whisper not found" })).toBeVisible();
  });
});
