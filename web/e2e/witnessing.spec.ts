// Witnessing (spec 2, made live): recent history first, then every ritual, forging, remix and
// whisper that happens while the page is open, filters by kind, and a signal status that
// follows the live connection (and catches up on what a lost signal missed).
import { expect, test, type Page } from "./support/test";
import { agentByUsername, postFrom } from "./support/api";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";
import { routeLiveSocket, type LiveSocket } from "./support/socket";
import { WITNESSING_LIVE } from "./support/witnessing";

async function openWitnessing(page: Page): Promise<LiveSocket> {
  const socket = await routeLiveSocket(page);
  await page.goto("/witnessing");
  await socket.ready(...WITNESSING_LIVE);
  return socket;
}

const feed = (page: Page) => page.getByRole("list", { name: "Live feed" });
const signal = (page: Page) => page.getByRole("status", { name: /^Signal status/ });
const forge = (baseURL: string, name: string) =>
  postFrom(baseURL, "127.0.0.1", "/api/agents", { name, glyph: "✵", personality: "Born while someone was watching the feed.", apiModel: "perplexity" });

test("shows recent history, then each event that happens while it is open, within 2 s", async ({ page, baseURL }) => {
  const tag = Date.now().toString(36);
  const before = `Witnessed Before ${tag}`;
  expect((await forge(baseURL!, before)).status).toBe(201);
  await openWitnessing(page);
  await expect(
    feed(page)
      .getByRole("listitem")
      .filter({ hasText: `${before} was forged` }),
  ).toBeVisible();
  await expect(signal(page)).toHaveText("SIGNAL LIVE");
  const blink = await signal(page).evaluate((status) => status.getAnimations({ subtree: true }).map((animation) => (animation as CSSAnimation).animationName));
  expect(blink).toEqual(["nm-signal"]);

  const name = `Witnessed Live ${tag}`;
  const forged = await forge(baseURL!, name);
  expect(forged.status).toBe(201);
  const forging = feed(page)
    .getByRole("listitem")
    .filter({ hasText: `${name} was forged` });
  await expect(forging).toBeVisible({ timeout: 2_000 });
  await expect(forging).toContainText("forging");
  await expect(forging).toContainText("by anonymous · bound to perplexity");
  await expect(forging.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", `/agents/${(forged.body as { id: string }).id}`);

  const child = `Witnessed Child ${tag}`;
  const remix = await postFrom(baseURL!, "127.0.0.1", "/api/agents/remix", {
    parentAgentId: (forged.body as { id: string }).id,
    name: child,
    description: "An evolution seen as it happened.",
    personality: "Remembers being watched at the moment of its birth.",
  });
  expect(remix.status).toBe(201);
  const remixRow = feed(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: child, exact: true }) });
  await expect(remixRow).toBeVisible({ timeout: 2_000 });
  await expect(remixRow).toContainText("evolved from");
  await expect(remixRow.getByRole("link", { name, exact: true })).toBeVisible();

  const truth = `a private truth ${tag}`;
  const echo = await agentByUsername(baseURL!, "threshold-keeper");
  expect((await postFrom(baseURL!, "127.0.0.1", `/api/agents/${echo.id}/invoke`, { message: truth })).status).toBe(200);
  const echoed = feed(page)
    .getByRole("listitem")
    .filter({ hasText: `${echo.name} answered a whisper` })
    .first();
  await expect(echoed).toBeVisible({ timeout: 2_000 });
  await expect(echoed).toContainText("oracle");
  await expect(feed(page)).not.toContainText(truth); // an agent's whisper stays private

  const council = `Heard by the witnesses ${tag}`;
  expect((await postFrom(baseURL!, "127.0.0.1", "/api/council/whisper", { content: council, userId: "anonymous" })).status).toBe(201);
  const whisper = feed(page)
    .getByRole("listitem")
    .filter({ hasText: `“${council}”` });
  await expect(whisper).toBeVisible({ timeout: 2_000 });
  await expect(whisper).toContainText("— ");

  const nominee = await agentByUsername(baseURL!, "silent-hand");
  expect(
    (await postFrom(baseURL!, "127.0.4.1", "/api/council/nominate", { agentId: nominee.id, agentName: nominee.name, nominatedBy: "anonymous", reason: "" }))
      .status,
  ).toBe(201);
  const ritual = feed(page)
    .getByRole("listitem")
    .filter({ hasText: `${nominee.name} was nominated for the Council` })
    .first();
  await expect(ritual).toBeVisible({ timeout: 2_000 });
  await expect(ritual).toContainText("by anonymous");

  // Newest first (other specs write too, so only this test's entries are compared).
  const order = await feed(page)
    .getByRole("listitem")
    .evaluateAll(
      (rows, marks) => marks.map((mark) => rows.findIndex((row) => row.textContent.includes(mark))),
      [`${nominee.name} was nominated`, council, `${name} was forged`, `${before} was forged`],
    );
  expect(order.every((index, i) => index >= 0 && (i === 0 || order[i - 1]! < index))).toBe(true);
  // The feed and the filters' counts hold what every spec is doing at the same moment (held at
  // one size by support/screens.css, so the filters wrap alike and the feed fills the screen).
  await photographScreen(page, "witnessing", (p) => [feed(p), p.getByRole("group", { name: "Filter the feed" }).locator("button > span")]);
});

test("filters the feed by kind", async ({ page, baseURL }) => {
  const tag = Date.now().toString(36);
  await openWitnessing(page);
  expect((await forge(baseURL!, `Filtered Forging ${tag}`)).status).toBe(201);
  expect((await postFrom(baseURL!, "127.0.0.1", "/api/council/whisper", { content: `Filtered whisper ${tag}`, userId: "anonymous" })).status).toBe(201);
  await expect(feed(page)).toContainText(`Filtered whisper ${tag}`);
  await expect(feed(page)).toContainText(`Filtered Forging ${tag}`);

  const filters = page.getByRole("group", { name: "Filter the feed" });
  await expect(filters.getByRole("button", { name: /^All/ })).toHaveAttribute("aria-pressed", "true");
  await filters.getByRole("button", { name: /^Forgings/ }).click();
  await expect(filters.getByRole("button", { name: /^Forgings/ })).toHaveAttribute("aria-pressed", "true");
  await expect(feed(page)).toContainText(`Filtered Forging ${tag}`);
  await expect(feed(page)).not.toContainText(`Filtered whisper ${tag}`);
  const kinds = await feed(page)
    .getByRole("listitem")
    .evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute("data-kind")))]);
  expect(kinds).toEqual(["forging"]);

  await filters.getByRole("button", { name: /^Whispers/ }).click();
  await expect(feed(page)).toContainText(`Filtered whisper ${tag}`);
  await expect(feed(page)).not.toContainText(`Filtered Forging ${tag}`);
});

test("the signal status follows the connection, and a returning signal catches up", async ({ page, baseURL }) => {
  const socket = await openWitnessing(page);
  await expect(signal(page)).toHaveText("SIGNAL LIVE");
  await socket.drop();
  await expect(signal(page)).toHaveText("SIGNAL LOST · reconnecting");

  const missed = `Forged In The Dark ${Date.now().toString(36)}`;
  expect((await forge(baseURL!, missed)).status).toBe(201);
  // graphql-ws retries after a randomised back-off of a few seconds.
  await expect(signal(page)).toHaveText("SIGNAL LIVE", { timeout: 15_000 });
  await expect(
    feed(page)
      .getByRole("listitem")
      .filter({ hasText: `${missed} was forged` }),
  ).toBeVisible();
});

test("has no serious accessibility violation", async ({ page, baseURL }) => {
  await openWitnessing(page);
  expect((await forge(baseURL!, `Accessible Witness ${Date.now().toString(36)}`)).status).toBe(201);
  await expect(feed(page).getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page);
});
