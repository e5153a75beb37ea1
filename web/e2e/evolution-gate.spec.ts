// The Evolution Gate at /remix (spec 2): search, totals, top remixed and recent activity.
import { expect, test, type Page } from "./support/test";
import { forgeAgent, remixAgent, uniqueName } from "./support/api";
import { steerOperations } from "./support/network";
import { captureScreen } from "./support/screens";

const total = async (page: Page, label: string) => Number(await page.getByTestId(label).textContent());

test("shows the totals, the most remixed with their Remix → way, and recent activity", async ({ page, request }) => {
  const parent = await forgeAgent(request, { name: uniqueName("Much Remixed") });
  const child = await remixAgent(request, parent);
  for (let i = 0; i < 3; i++) await remixAgent(request, parent);
  await page.goto("/remix");
  await expect(page.getByRole("heading", { level: 1, name: "Evolution Gate" })).toBeVisible();
  expect(await total(page, "Total Agents")).toBeGreaterThanOrEqual(11);
  expect(await total(page, "Total Remixes")).toBeGreaterThanOrEqual(4);
  expect(await total(page, "Active Lineages")).toBeGreaterThanOrEqual(1);

  const top = page.getByRole("region", { name: "Top Remixed Agents" });
  const cards = top.getByRole("article");
  const card = top.getByRole("article", { name: parent.name });
  await expect(card).toBeVisible();
  const shown = await cards.count();
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(shown).toBeLessThanOrEqual(6);
  await expect(card).toContainText("4 remixes");
  await card.getByRole("link", { name: `Remix ${parent.name}` }).click();
  await expect(page).toHaveURL(`/agent/${parent.id}/fork`);

  await page.goto("/remix");
  const activity = page.getByRole("region", { name: "Recent Evolution Activity" });
  await expect(activity.getByRole("listitem").filter({ hasText: child.name })).toContainText(parent.name);
  await activity.getByRole("link", { name: child.name }).click();
  await expect(page).toHaveURL(`/agents/${child.id}`);
});

test("searches the network for an agent to remix, or finds none", async ({ page }) => {
  await page.goto("/remix");
  const search = page.getByRole("searchbox", { name: "Search agents to remix" });
  await search.fill("threshold");
  await page.getByRole("link", { name: "Remix The Threshold Keeper" }).click();
  await expect(page).toHaveURL(/\/agent\/[0-9a-f-]{36}\/fork$/);
  await expect(page.getByRole("heading", { level: 1, name: "Remix The Threshold Keeper" })).toBeVisible();

  await page.goto("/remix");
  await page.getByRole("searchbox", { name: "Search agents to remix" }).fill("qwzx vbnrt");
  await expect(page.getByText("No agents found")).toBeVisible();
});

test("a network without remixes says so in both lists", async ({ page }) => {
  await steerOperations(page, {
    EvolutionGateRouteQuery: {
      data: { evolutionStats: { totalAgents: 6, totalRemixes: 0, activeLineages: 0 }, topRemixedAgents: { edges: [] }, remixActivity: { edges: [] } },
    },
  });
  await page.goto("/remix");
  expect(await total(page, "Total Remixes")).toBe(0);
  await expect(page.getByText("No agent has been remixed yet. Be the first to evolve one.")).toBeVisible();
  await expect(page.getByText("No evolution has been recorded yet.")).toBeVisible();
});

test("a gate that cannot load says the ritual was interrupted", async ({ page }) => {
  await steerOperations(page, { EvolutionGateRouteQuery: { fail: "The network could not be reached" } });
  await page.goto("/remix");
  await expect(page.getByRole("alert")).toContainText("The network could not be reached");
});

test("evolution gate: screenshots and accessibility", async ({ page }) => {
  await captureScreen(
    page,
    "evolution-gate",
    async (p) => {
      await p.goto("/remix");
      await expect(p.getByRole("heading", { name: "Top Remixed Agents" })).toBeVisible();
    },
    (p) => [
      // Totals and rankings of a network other specs are remixing at the same moment.
      p.getByRole("region", { name: "Totals" }).getByTestId(/^(Total Agents|Total Remixes|Active Lineages)$/),
      p.getByRole("region", { name: "Top Remixed Agents" }).locator(":scope > :nth-child(2)"),
      p.getByRole("region", { name: "Recent Evolution Activity" }).locator(":scope > :nth-child(2)"),
    ],
  );
});
