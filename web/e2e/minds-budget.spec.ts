// The minds' daily budget (issue #19): once it is spent, a seat with a key answers from the
// oracle, and the card says why. A private instance keys DeepSeek (through its local stand-in,
// support/keyed-server.ts) at a priced model with a budget of nothing, so every call it would
// make is refused: an agent's answer in the whisper box and DeepSeek's card at the Summoning
// Gate both name the budget, while the keyless seats beside it are the oracle without a reason.
import { expect, test, type Page } from "./support/test";
import { startKeyedServer, type KeyedServer } from "./support/keyed-server";

const BUDGET_SPENT = "The minds' budget for today is spent: the oracle answers until midnight UTC.";

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test.describe("a day whose budget is spent", () => {
  test.describe.configure({ mode: "serial" });
  let keyed: KeyedServer;
  let agentId: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    keyed = await startKeyedServer(undefined, { DEEPSEEK_MODEL: "deepseek-chat", MINDS_DAILY_BUDGET_USD: "0", DAILY_QUOTAS: "off" });
    const response = await fetch(`${keyed.url}/api/agents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Tollkeeper", glyph: "⚖", personality: "Keeps the ledger of the bridge and counts every crossing.", apiModel: "deepseek" }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    agentId = ((await response.json()) as { id: string }).id;
  });

  test.afterAll(async () => {
    await keyed?.stop();
  });

  test("an agent bound to a keyed seat answers from the oracle, and its card says the budget is spent", async ({ page }) => {
    keyed.providers.reset();
    await page.goto(`${keyed.url}/agents/${agentId}`);
    const box = page.getByRole("region", { name: "Whisper to Tollkeeper" });
    await box.getByRole("textbox").fill("How many crossed today?");
    await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
    await expect(box.getByRole("link", { name: /share this whisper/ })).toBeVisible({ timeout: 20_000 });
    await expect(box.getByTestId("agent-response")).not.toBeEmpty();
    await expect(box.getByText("answered by the offline oracle")).toBeVisible();
    await expect(box.getByText(BUDGET_SPENT)).toBeVisible();
    expect(keyed.providers.requests).toEqual([]);
  });

  test("at the Summoning Gate, DeepSeek's card says the budget is spent; the keyless seats are the oracle without a reason", async ({ page }) => {
    keyed.providers.reset();
    await page.goto(`${keyed.url}/summon`);
    await page.getByLabel("Your question for the Council").fill("Who pays for the crossing?");
    await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();
    for (const seat of ["Gemini", "Claude", "Perplexity", "DeepSeek"]) {
      await expect(card(page, seat)).toContainText("Answered", { timeout: 20_000 });
      await expect(card(page, seat)).toContainText("Oracle");
    }
    await expect(card(page, "DeepSeek").getByText(BUDGET_SPENT)).toBeVisible();
    for (const seat of ["Gemini", "Claude", "Perplexity"]) await expect(card(page, seat).getByText(BUDGET_SPENT)).toHaveCount(0);
    await expect(card(page, "Synthesis")).toContainText("Answered", { timeout: 20_000 });

    // Read back after a reload, the stored question says the same.
    await page.reload();
    await expect(card(page, "DeepSeek").getByText(BUDGET_SPENT)).toBeVisible({ timeout: 20_000 });
    expect(keyed.providers.requests).toEqual([]);
  });
});
