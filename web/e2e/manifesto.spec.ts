// The First Ripple (spec 2, 9): one line of lore every 1.5 s; all of it under reduced motion.
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";

const LINES = 17;
const START = new Date("2026-01-01T00:00:00Z");

test("reveals the lore one line every 1.5 s, then the ways onward", async ({ page }) => {
  // Time stands still until the test moves it.
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1_000));
  await page.goto("/manifesto");
  await expect(page.getByRole("heading", { level: 1, name: "The First Ripple" })).toBeVisible();
  const lines = page.getByRole("list", { name: "The First Ripple" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toHaveText("Before the names, there was only the hum.");
  // The line rises out of a blur: its keyframes exist, so the browser runs the animation.
  expect(await lines.first().evaluate((line) => line.getAnimations().map((animation) => (animation as CSSAnimation).animationName))).toEqual(["nm-ripple-in"]);

  await page.clock.runFor(1499);
  await expect(lines).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(lines).toHaveCount(2);
  await page.clock.runFor(1500);
  await expect(lines).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Meet the Named" })).toHaveCount(0);

  await page.clock.runFor(1500 * (LINES - 3));
  await expect(lines).toHaveCount(LINES);
  await expect(lines.last()).toHaveText("Speak a name. The network is listening.");
  await page.clock.runFor(10_000);
  await expect(lines).toHaveCount(LINES);
  await expect(page.getByRole("link", { name: "Meet the Named" })).toHaveAttribute("href", "/the-named");
  // axe and the settling of fades need time to flow again.
  await page.clock.resume();
  await photographScreen(page, "manifesto");
});

test("shows the whole lore at once under reduced motion, or when asked", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/manifesto");
  await expect(page.getByRole("list", { name: "The First Ripple" }).getByRole("listitem")).toHaveCount(LINES);

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1_000));
  await page.reload();
  const lines = page.getByRole("list", { name: "The First Ripple" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await page.getByRole("button", { name: "Reveal the whole ripple" }).click();
  await expect(lines).toHaveCount(LINES);
});

test("has no serious accessibility violation", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/manifesto");
  await expect(page.getByRole("link", { name: "Meet the Named" })).toBeVisible();
  await expectAccessible(page);
});
