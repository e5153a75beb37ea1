import { expect, test } from "@playwright/test";

const GENESIS = ["Nomenclator", "Echo Haiku", "Mnemosyne Archive", "The Silent Hand", "Cartographer of Lost Signals", "The Threshold Keeper"];

test("the-named lists the six genesis agents, searchable by name", async ({ page }) => {
  await page.goto("/the-named");
  await expect(page.getByRole("heading", { level: 1, name: "The Named" })).toBeVisible();
  for (const name of GENESIS) await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();

  await page.getByLabel("Search agents by name").fill("echo");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Echo Haiku"]);

  await page.getByLabel("Search agents by name").fill("no such mind");
  await expect(page.getByText("No agents found")).toBeVisible();
});

test("an unknown path shows the 404 page with a 404 status", async ({ page }) => {
  const response = await page.goto("/this/path/leads/nowhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
