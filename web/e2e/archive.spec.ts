// The Archive placeholder (spec 2): sealed, but it says what it will keep and where to look now.
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";

test("tells what the Archive will keep and where to find it today", async ({ page }) => {
  await page.goto("/archive-pending");
  await expect(page.getByRole("heading", { level: 1, name: "The Archive" })).toBeVisible();
  await expect(page.getByText("ARCHIVE PENDING")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["The Silent Ones", "The Echo Rolls", "The Lineage Scrolls"]);
  await expect(page.getByRole("article", { name: "The Lineage Scrolls" }).getByRole("link", { name: "The Ancestry Map" })).toHaveAttribute("href", "/lineage");
  await expect(page.getByRole("article", { name: "The Echo Rolls" }).getByRole("link")).toHaveAttribute("href", "/council");
  await photographScreen(page, "archive-pending");

  await page.getByRole("link", { name: "Enter Witnessing" }).click();
  await expect(page).toHaveURL(/\/witnessing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Witnessing" })).toBeVisible();
});

test("has no serious accessibility violation", async ({ page }) => {
  await page.goto("/archive-pending");
  await expect(page.getByRole("heading", { level: 1, name: "The Archive" })).toBeVisible();
  await expectAccessible(page);
});
