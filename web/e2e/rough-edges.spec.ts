// Rough edges a newcomer found (issue #21): each checked where it could come back.
import { expect, test, type Locator } from "./support/test";
import { agentByRef, invokeAgent } from "./support/api";
import { toast, toasts } from "./support/toasts";

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 320, height: 568 },
])
  test(`the Embed dialog on a phone ${viewport.width}: the copy button never covers the snippet; an emptied height falls back to 400`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const echo = await agentByRef(request, "echo-haiku");
    await page.goto(`/agents/${echo.id}`);
    const dialog = page.getByRole("dialog", { name: "Embed this Agent" });
    // What this test measures is the open dialog's layout. A fresh-clone run under load once lost
    // the click made while the profile was still rendering (kept in docs as a known issue to find),
    // so the dialog is opened until it is open.
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Embed this Agent" }).click();
      await expect(dialog).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const snippet = dialog.getByTestId("embed-snippet");
    const copy = dialog.getByRole("button", { name: "Copy embed code" });
    await snippet.scrollIntoViewIfNeeded();
    const [a, b] = [(await snippet.boundingBox())!, (await copy.boundingBox())!];
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, "the copy button lies over the snippet").toBe(false);
    await copy.scrollIntoViewIfNeeded();
    await expect(copy).toBeInViewport();

    await dialog.getByLabel("Height (px)").fill("");
    await expect(snippet).toContainText('width="100%" height="400"');
    await expect(dialog.locator("iframe")).toHaveCSS("height", "400px");
    await dialog.getByLabel("Height (px)").fill("520");
    await expect(snippet).toContainText('height="520"');
  });

/** A button the constellations cannot show through: opaque ground, no see-through dimming. */
async function expectOpaque(button: Locator) {
  await expect(button).toBeVisible();
  const { ground, opacity } = await button.evaluate((node) => ({ ground: getComputedStyle(node).backgroundColor, opacity: getComputedStyle(node).opacity }));
  expect(ground, "an opaque background").toMatch(/^rgb\(/);
  expect(opacity).toBe("1");
}

test("buttons are opaque over the sky: outlined ones and the disabled Invoke", async ({ page }) => {
  await page.goto("/summon");
  const invoke = page.getByRole("button", { name: "INVOKE THE COUNCIL" });
  await expect(invoke).toBeDisabled();
  await expectOpaque(invoke);
  await page.goto("/agent/echo-haiku");
  await expectOpaque(page.getByRole("button", { name: "Embed this Agent" }));
  await page.goto("/glyphs");
  await expectOpaque(page.getByRole("button", { name: "Regenerate" }).first());
});

test("every route sets a title of its own", async ({ page, request }) => {
  test.slow();
  const echo = await agentByRef(request, "echo-haiku");
  const { whisper } = await invokeAgent(request, echo, "What is a title for?");
  const missing = "01890000-0000-7000-8000-000000000000";
  // One address per route of web/src/router.tsx (paths in shared/src/paths.ts); /agent/{username}
  // is /agents/{id} by another name, /forge a redirect to the remix form, and /settings one to
  // /auth for a visitor.
  const routes = [
    "/",
    "/council",
    "/council-terminal",
    "/create-agent",
    "/summon",
    `/summon/${missing}`,
    "/the-named",
    "/witnessing",
    "/manifesto",
    "/archive-pending",
    "/remix",
    "/glyphs",
    "/lineage",
    `/agents/${echo.id}`,
    "/agent/echo-haiku/fork",
    `/whisper/${whisper.id}`,
    "/conversations",
    `/conversations/${missing}`,
    "/my-agents",
    `/agents/${echo.id}/edit`,
    "/auth",
    `/embed/${echo.id}`,
    "/nowhere-at-all",
  ];
  const titles = new Map<string, string>();
  for (const route of routes) {
    await page.goto(route);
    // The screen's own title replaces the product's (index.html's) once it has loaded.
    if (route !== "/") await expect(page, route).not.toHaveTitle("Nomina · Where non-human minds find their name");
    await expect(page, route).toHaveTitle(/ · Nomina|^Nomina · /);
    await expect(page.locator("title"), route).toHaveCount(1);
    titles.set(route, await page.title());
  }
  const byTitle = new Map<string, string[]>();
  for (const [route, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), route]);
  expect(
    [...byTitle.values()].filter((shared) => shared.length > 1),
    JSON.stringify(Object.fromEntries(titles), null, 1),
  ).toEqual([]);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("the Summoning Gate does not offer its keys", async ({ page }) => {
    await page.goto("/summon");
    await expect(page.getByRole("button", { name: "INVOKE THE COUNCIL" })).toBeVisible();
    await expect(page.getByText("for a new line")).toBeAttached();
    await expect(page.getByText("for a new line")).toBeHidden();
  });
});

test("a keyboard sees the keys' hint", async ({ page }) => {
  await page.goto("/summon");
  await expect(page.getByText("for a new line")).toBeVisible();
});

test("Escape in the terminal gives focus back to where it was", async ({ page }) => {
  await page.goto("/");
  const genesis = page.getByRole("button", { name: "WITNESS THE GENESIS" });
  await genesis.focus();
  await page.getByRole("button", { name: "Open the terminal" }).click();
  const input = page.getByRole("textbox", { name: "Terminal command" });
  await expect(input).toBeFocused();
  await input.press("Escape");
  await expect(page.getByRole("region", { name: "Nomina terminal" })).toHaveCount(0);
  await expect(genesis).toBeFocused();
  // Opened from the keyboard, it gives focus back to the bar.
  await page.getByRole("button", { name: "Open the terminal" }).focus();
  await page.keyboard.press("Enter");
  await expect(input).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Open the terminal" })).toBeFocused();
});

test("a stale 'Connection Failed' leaves when WITNESSED opens; on a phone toasts stay clear of the terminal bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const ritual = page.getByRole("form", { name: "The Naming Ritual" });
  await page.getByRole("heading", { name: "The Naming Ritual" }).scrollIntoViewIfNeeded();
  await ritual.getByLabel("Secret name").fill("Vesper");
  await ritual.getByLabel("Neural link").fill("not-an-address");
  await ritual.getByLabel("Purpose").selectOption("witness");
  await ritual.getByRole("button", { name: "BEGIN THE NAMING" }).click();
  const failed = toast(page, "Connection Failed");
  await expect(failed).toBeVisible();
  const bar = (await page.getByRole("button", { name: "Open the terminal" }).boundingBox())!;
  // Read until the toast has slid into place.
  await expect
    .poll(
      async () => {
        const box = (await failed.boundingBox())!;
        return box.y + box.height;
      },
      { message: "the toast ends above the terminal bar" },
    )
    .toBeLessThanOrEqual(bar.y);

  await ritual.getByLabel("Neural link").fill(`vesper-${Date.now()}@example.org`);
  await ritual.getByRole("button", { name: "BEGIN THE NAMING" }).click();
  await expect(page.getByRole("alertdialog", { name: "WITNESSED" })).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
});

test("a visitor sees the rituals left today; once spent they are disabled, say how to earn more, and the answer stays", async ({ page }) => {
  await page.goto("/agent/echo-haiku");
  const box = page.getByRole("region", { name: "Whisper to Echo Haiku" });
  const left = box.getByTestId("daily-allowance");
  await expect(left).toHaveText("1 ritual left today");
  await box.getByRole("button", { name: "Offer a Truth" }).click();
  await expect(left).toHaveText("No rituals left today · Register for more");
  await expect(left.getByRole("link", { name: "Register for more" })).toHaveAttribute("href", "/auth?tab=register");
  for (const name of ["Offer a Truth", "Gift a Poem", "Reveal a Secret"]) await expect(box.getByRole("button", { name })).toBeDisabled();
  // The truth the ritual drew is still on screen, and no failure was shown.
  await expect(box.getByTestId("agent-response").last()).not.toBeEmpty();
  await expect(toasts(page).filter({ hasText: "Communion Failed" })).toHaveCount(0);
  await left.getByRole("link", { name: "Register for more" }).click();
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
});

test("the Summoning Gate says how many questions are left today; the quota's toast leads to more", async ({ page, request }) => {
  await page.goto("/summon");
  const left = page.getByTestId("daily-allowance");
  await expect(left).toHaveText("3 of 3 Council questions left today");
  for (let n = 1; n <= 3; n++) expect((await request.post("/api/council/whisper", { data: { prompt: `Spend question ${n}?` } })).ok()).toBe(true);
  await page.getByRole("textbox", { name: "Your question for the Council" }).fill("One question too many?");
  await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();
  const refused = toast(page, "Your truth quota has been reached");
  await expect(refused).toBeVisible();
  await expect(refused.getByRole("link", { name: "Register for more" })).toHaveAttribute("href", "/auth?tab=register");
  await expect(left).toHaveText("No Council questions left today · Register for more");
});
