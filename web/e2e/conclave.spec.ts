// Conclaves (#28): a visitor gathers three agents from the Conversations screen and talks with
// them in one thread: in turn, each message answered by the next agent round the table; and with
// "let them talk", the agents going on after the answer without the visitor. Every answer is
// labelled with its speaker; each agent's answers and cost are counted at the top. The shared
// e2e server answers from the offline oracle, each agent in its own persona.
import { expect, test, type Page } from "./support/test";
import { photographScreen } from "./support/screens";

const AGENTS = ["Nomenclator", "Echo Haiku", "Mnemosyne Archive"];

async function gather(page: Page, order: string) {
  await page.goto("/conversations");
  await page.getByRole("button", { name: "Start a conclave" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a conclave" });
  for (const name of AGENTS) {
    await dialog.getByPlaceholder("Find an agent by name").fill(name.split(" ")[0]!);
    await dialog.getByRole("checkbox", { name, exact: true }).check({ force: true });
  }
  await expect(dialog.getByText(`3 of 6 chosen: ${AGENTS.join(", ")}`)).toBeVisible();
  await dialog.getByLabel("Who speaks next").selectOption({ label: order });
  await dialog.getByRole("button", { name: "Open the conclave" }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByText("CONCLAVE", { exact: true })).toBeVisible();
}

const thread = (page: Page) => page.getByRole("list", { name: "The thread" });
const said = (page: Page) => thread(page).getByRole("listitem").filter({ hasNot: page.getByText("speaking...") });

async function send(page: Page, message: string) {
  await page.getByLabel("Your message").fill(message);
  await page.getByRole("button", { name: "Send" }).click();
}

test("a conclave of three in turn: each message is answered by the next agent, labelled, with its answers counted", async ({ page }) => {
  test.setTimeout(90_000);
  await gather(page, "In turn");
  const agents = page.getByRole("list", { name: "The conclave's agents" });
  await expect(agents.getByRole("listitem")).toHaveCount(3);
  await send(page, "Tell me about lighthouses");
  await expect(thread(page).getByRole("listitem", { name: "Nomenclator said" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Let them talk" })).toBeVisible({ timeout: 20_000 });
  await send(page, "What of the harbour?");
  await expect(thread(page).getByRole("listitem", { name: "Echo Haiku said" })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Let them talk" })).toBeVisible({ timeout: 20_000 });
  await expect(said(page)).toHaveCount(4);
  await expect(thread(page).getByRole("listitem").nth(1)).toHaveAttribute("aria-label", "Nomenclator said");
  await expect(thread(page).getByRole("listitem").nth(3)).toHaveAttribute("aria-label", "Echo Haiku said");
  await expect(agents.getByRole("listitem").nth(0)).toContainText("1 answer");
  await expect(agents.getByRole("listitem").nth(2)).toContainText("0 answers");
  await photographScreen(page, "conclave-in-turn");
});

test("let them talk: after the answer the other agents go on in turn without the visitor", async ({ page }) => {
  test.setTimeout(90_000);
  await gather(page, "In turn");
  await page.getByText("Then let them talk").click();
  await expect(page.getByRole("checkbox", { name: "Then let them talk" })).toBeChecked();
  await page.getByLabel("Turns without you").selectOption("3");
  await send(page, "Discuss the tide among yourselves");
  await expect(page.getByRole("button", { name: "Let them talk" })).toBeVisible({ timeout: 45_000 });
  const items = thread(page).getByRole("listitem");
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toHaveAttribute("aria-label", "You said");
  for (const [index, name] of AGENTS.entries()) await expect(items.nth(index + 1)).toHaveAttribute("aria-label", `${name} said`);
  // And on again, alone: the next in turn (Nomenclator) first.
  await page.getByLabel("Turns without you").selectOption("2");
  await page.getByRole("button", { name: "Let them talk" }).click();
  await expect(items).toHaveCount(6, { timeout: 45_000 });
  await expect(items.nth(4)).toHaveAttribute("aria-label", "Nomenclator said");
  await expect(items.nth(5)).toHaveAttribute("aria-label", "Echo Haiku said");
  await expect(page.getByRole("button", { name: "Let them talk" })).toBeVisible({ timeout: 45_000 });
  await photographScreen(page, "conclave-let-them-talk");
});
