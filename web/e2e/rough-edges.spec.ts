// Rough edges a newcomer found (issue #21): each checked where it could come back.
import { expect, test } from "./support/test";
import { agentByRef } from "./support/api";

for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }, { width: 320, height: 568 }]) test(`the Embed dialog on a phone ${viewport.width}: the copy button never covers the snippet; an emptied height falls back to 400`, async ({ page, request }) => {
  await page.setViewportSize(viewport);
  const echo = await agentByRef(request, "echo-haiku");
  await page.goto(`/agents/${echo.id}`);
  await page.getByRole("button", { name: "Embed this Agent" }).click();
  const dialog = page.getByRole("dialog", { name: "Embed this Agent" });
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
async function expectOpaque(button: import("./support/test").Locator) {
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
