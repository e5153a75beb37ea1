import { expect, test } from "./support/test";
import { captureScreen } from "./support/screens";

test("an unknown path shows the 404 page with a 404 status, and a way home", async ({ page }) => {
  const response = await page.goto("/this/path/leads/nowhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to the threshold" }).click();
  await expect(page).toHaveURL("/");
});

test("a missing asset is a plain 404, not the app", async ({ request }) => {
  const response = await request.get("/assets/no-such-bundle.js");
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('id="root"');
});

test("404 page: screenshots and accessibility", async ({ page }) => {
  await captureScreen(page, "not-found", async (p) => {
    await p.goto("/no-such-place");
    await expect(p.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test("a screen whose code fails to run shows the product's words, never the raw error", async ({ page }) => {
  // Every screen's chunk throws as it loads, as a broken deploy or a bug would.
  await page.route(/\/assets\/route-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: 'throw new TypeError("n is not a function (minified)");' }),
  );
  await page.goto("/the-named");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The ritual was interrupted");
  await expect(alert).toContainText("This screen could not open. Try again in a moment.");
  await expect(alert).not.toContainText("not a function");
  await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
});
