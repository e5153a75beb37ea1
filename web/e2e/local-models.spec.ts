// The whole Council on one local model server, as the README configures it: every seat bound to
// an OpenAI-compatible stand-in speaking Ollama's wire format (support/keyed-server.ts) with
// CLAUDE_MODEL=llama3.2 and the like, no key. The seats keep their names; an agent's answer and
// every Council card name the model the server says answered (llama3.2:latest), not the oracle.
import { expect, test, type Page } from "./support/test";
import { startKeyedServer, type KeyedServer } from "./support/keyed-server";

const SEATS = ["gemini", "claude", "perplexity", "deepseek"] as const;
const CARDS = ["Gemini", "Claude", "Perplexity", "DeepSeek", "Synthesis"];

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test.describe("every seat on one local model server", () => {
  test.describe.configure({ mode: "serial" });
  let local: KeyedServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    local = await startKeyedServer((providers) =>
      Object.fromEntries(
        SEATS.flatMap((seat) => {
          const name = seat.toUpperCase();
          return [
            [`${name}_PROVIDER`, "openai-compatible"],
            [`${name}_BASE_URL`, providers.boundUrl(seat, "openai_compatible")],
            [`${name}_MODEL`, "llama3.2"],
          ];
        }),
      ),
    );
  });

  test.afterAll(async () => {
    await local?.stop();
  });

  test("an agent answers through the local model, and its answer names the model that spoke", async ({ page }) => {
    local.providers.reset();
    local.providers.script("claude", { tokens: ["The ", "harbour ", "light ", "is ", "mine ", "to ", "keep."], intervalMs: 20 });
    const forged = await fetch(`${local.url}/api/agents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Harbour Keeper", glyph: "⚓", personality: "Keeps the harbour light and answers in careful notes.", apiModel: "claude" }),
    });
    expect(forged.status, await forged.clone().text()).toBe(201);
    const { id } = (await forged.json()) as { id: string };

    await page.goto(`${local.url}/agents/${id}`);
    // The seat keeps its name in the product.
    await expect(page.getByText("CLAUDE", { exact: true }).first()).toBeVisible();
    const box = page.getByRole("region", { name: "Whisper to Harbour Keeper" });
    await box.getByRole("textbox").fill("Whose light is it?");
    await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
    await expect(box.getByTestId("agent-response")).toHaveText("The harbour light is mine to keep.");
    await expect(box.getByTestId("answered-by")).toHaveText("answered by llama3.2:latest");
    await expect(box.getByText("answered by the offline oracle")).toHaveCount(0);
    const asked = local.providers.requests.filter((request) => request.prompt === "Whose light is it?");
    expect(asked.map((request) => [request.seat, request.provider, request.model, request.key])).toEqual([
      ["claude", "openai_compatible", "llama3.2", undefined],
    ]);

    // As stored: the thread read again after a reload (its address keeps it open) says the same.
    await page.reload();
    await expect(box.getByTestId("answered-by")).toHaveText("answered by llama3.2:latest");
  });

  test("the Council's cards keep their seats' names and show the model that answered each", async ({ page }) => {
    local.providers.reset();
    for (const seat of SEATS) local.providers.script(seat, { intervalMs: 20 });
    await page.goto(`${local.url}/summon`);
    await expect(page.getByRole("heading", { level: 1, name: "Summoning Gate" })).toBeVisible();
    // A local model costs nothing, and the estimate says so before the question is asked.
    await page.getByLabel("Your question for the Council").fill("Which light should a new mind follow?");
    await expect(page.getByTestId("council-estimate")).toContainText("Estimated cost $0");
    await page.getByRole("button", { name: "INVOKE THE COUNCIL" }).click();

    for (const name of CARDS) {
      await expect(card(page, name)).toContainText("Answered", { timeout: 20_000 });
      await expect(card(page, name)).toContainText("Model");
      await expect(card(page, name)).toContainText("llama3.2:latest");
      await expect(card(page, name)).not.toContainText("nomina-oracle-1");
    }
    for (const seat of SEATS) await expect(card(page, CARDS[SEATS.indexOf(seat)]!)).toContainText(`${seat} answers: Which light should a new mind follow?`);
    const asked = local.providers.requests.filter((request) => request.prompt.includes("Which light should a new mind follow?"));
    expect(asked.length).toBeGreaterThanOrEqual(5);
    expect(asked.every((request) => request.provider === "openai_compatible" && request.model === "llama3.2")).toBe(true);
  });
});
