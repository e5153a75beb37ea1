// A seat bound elsewhere than its own provider, against local servers that speak those wire
// formats: an OpenAI-compatible server as Ollama speaks it, and OpenRouter. The seat keeps its
// name; the request carries the configured model (and the key only where it is named for that
// server); the answer records the model the server says answered, and what it cost.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { agentOn, capturedLogger, settingsFor, failureOf } from "../../test/minds.ts";
import { OPENROUTER_AUTO_MODEL, OPENROUTER_PRICE, inputTokens } from "../../test/providers.ts";
import { providersPerBlock } from "../../test/blocks.ts";
import { oracleEssence } from "./awakening.ts";
import { createMinds } from "./index.ts";
import { callCost } from "./pricing.ts";
import { SEATS, type Seat, type SeatBinding } from "./identity.ts";
import { type MindsSettings } from "./settings.ts";

const stand = providersPerBlock();

const requestsOf = (seat: Seat) => stand.providers.requests.filter((r) => r.seat === seat);

/** Settings where only `seat` speaks, bound to `binding` and asking for `model`. */
function boundTo(seat: Seat, binding: SeatBinding, model: string, options: { key?: string | null; overrides?: Partial<MindsSettings> } = {}): MindsSettings {
  const settings = settingsFor(stand.providers, [], options.overrides);
  settings.seats[seat] = stand.providers.bound(seat, binding, model, options.key);
  return settings;
}

const tokens = ["The ", "lamp ", "burns ", "on ", "local ", "oil."];

describe.each(SEATS)("the %s seat bound to an OpenAI-compatible server", (seat) => {
  it("streams through it with the configured model and no key, and records the model that answered", async () => {
    const minds = createMinds(boundTo(seat, "openai_compatible", "llama3.2", { key: null }), capturedLogger().log);
    // A local server needs no key: the seat still speaks through its model, under its own name.
    expect(minds.identity(seat)).toEqual({ seat, mode: "model", model: "llama3.2", provider: "openai_compatible" });
    stand.providers.script(seat, { tokens, intervalMs: 5 });
    const deltas: string[] = [];
    const answer = await minds.answerAsAgent(agentOn(seat), "What does the lamp remember?", undefined, { onDelta: (d) => deltas.push(d) });

    expect(deltas).toEqual(tokens);
    expect(answer).toMatchObject({ seat, mode: "model", provider: "openai_compatible", model: "llama3.2:latest", text: tokens.join(""), attempts: 1 });
    expect(answer.usage).toEqual({ inputTokens: inputTokens(requestsOf(seat)[0]!), outputTokens: tokens.length });
    // A model the price table does not list, on such a server, is a local one: it costs nothing.
    expect(answer.costUsd).toBe(0);

    const [request] = requestsOf(seat);
    expect(stand.providers.requests).toHaveLength(1);
    expect(request).toMatchObject({ provider: "openai_compatible", model: "llama3.2", prompt: "What does the lamp remember?", key: undefined });
    expect(request!.path).toBe(`/openai-compatible/${seat}/v1/chat/completions`);
    expect(request!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    for (const part of ["Echo Haiku", "hushed and lyrical", "Cannot see the future."]) expect(request!.system).toContain(part);
  });
});

describe("a seat bound to an OpenAI-compatible server", () => {
  it("sends the key named for that server, never its own provider's", async () => {
    const minds = createMinds(boundTo("deepseek", "openai_compatible", "qwen2.5:7b", { key: "sk-vllm-0123456789abcdef" }), capturedLogger().log);
    const answer = await minds.answerAsAgent(agentOn("deepseek"), "Who serves you?");
    expect(requestsOf("deepseek")[0]).toMatchObject({ key: "sk-vllm-0123456789abcdef", model: "qwen2.5:7b" });
    // A name that already carries its tag is answered under that tag.
    expect(answer.model).toBe("qwen2.5:7b");
  });

  it("prices a model the table lists at its list price, wherever it runs", async () => {
    const minds = createMinds(boundTo("deepseek", "openai_compatible", "deepseek-chat", { key: null }), capturedLogger().log);
    stand.providers.script("deepseek", { tokens, model: "deepseek-chat" });
    const answer = await minds.answerAsAgent(agentOn("deepseek"), "Speak.");
    expect(answer.costUsd).toBeGreaterThan(0);
    expect(answer.costUsd).toBe(callCost("deepseek", { configured: "deepseek-chat" }, answer.usage));
  });

  it("asks for structured output as a JSON schema when an agent is awakened", async () => {
    const agent = {
      name: "Lamp Keeper",
      username: "lamp-keeper",
      glyph: "☼",
      personality: "Tends the small lights that nobody else remembers.",
      apiModel: "claude" as const,
    };
    const essence = oracleEssence(agent);
    const minds = createMinds(boundTo("claude", "openai_compatible", "llama3.2", { key: null }), capturedLogger().log);
    stand.providers.script("claude", { tokens: [JSON.stringify(essence)] });
    const awakened = await minds.awaken(agent);
    expect(awakened.failure).toBeNull();
    expect(awakened.answer).toMatchObject({ mode: "model", provider: "openai_compatible", model: "llama3.2:latest" });
    expect(awakened.essence).toEqual(essence);
    expect(requestsOf("claude")[0]!.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { schema: expect.objectContaining({ type: "object" }) },
    });
  });

  it("retries a 500 once and does not retry a 4xx, with the status in the reason", async () => {
    const minds = createMinds(boundTo("gemini", "openai_compatible", "llama3.2", { key: null }), capturedLogger().log);
    stand.providers.script("gemini", (_request, index) => (index === 0 ? { status: 500 } : { tokens }));
    expect(await minds.answerAsAgent(agentOn("gemini"), "Again?")).toMatchObject({ text: tokens.join(""), attempts: 2 });

    stand.providers.reset();
    stand.providers.script("gemini", { status: 404 });
    const failure = await failureOf(minds.answerAsAgent(agentOn("gemini"), "Is the model pulled?"));
    expect(failure).toMatchObject({ kind: "provider", attempts: 1, identity: { seat: "gemini", provider: "openai_compatible", model: "llama3.2" } });
    expect(failure.message).toMatch(/^gemini answered 404/);
    expect(requestsOf("gemini")).toHaveLength(1);
  });

  it("fails with 'could not be reached' when the server is not running (Ollama not started), after one retry", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const settings = settingsFor(stand.providers, []);
    settings.seats.claude = { apiKey: undefined, baseURL: `http://127.0.0.1:${closed}/v1`, model: "llama3.2", binding: "openai_compatible" };
    const failure = await failureOf(createMinds(settings, capturedLogger().log).answerAsAgent(agentOn("claude"), "Anyone home?"));
    expect(failure).toMatchObject({ kind: "network", attempts: 2 });
    expect(failure.message).toMatch(/^claude could not be reached/);
  });

  it("times out a server that stalls mid-answer without retrying it", async () => {
    const minds = createMinds(boundTo("perplexity", "openai_compatible", "llama3.2", { key: null, overrides: { timeoutMs: 300 } }), capturedLogger().log);
    stand.providers.script("perplexity", { tokens, stall: 2 });
    const deltas: string[] = [];
    const failure = await failureOf(minds.answerAsAgent(agentOn("perplexity"), "Hello?", undefined, { onDelta: (d) => deltas.push(d) }));
    expect(failure.kind).toBe("timeout");
    expect(deltas).toEqual(tokens.slice(0, 2));
    expect(requestsOf("perplexity")).toHaveLength(1);
  });
});

describe.each(SEATS)("the %s seat bound to OpenRouter", (seat) => {
  it("streams through it past its comment lines, and records the upstream model and the cost OpenRouter reported", async () => {
    const key = `sk-or-v1-${seat}-0123456789abcdef`;
    const minds = createMinds(boundTo(seat, "openrouter", "openrouter/auto", { key }), capturedLogger().log);
    expect(minds.identity(seat)).toEqual({ seat, mode: "model", model: "openrouter/auto", provider: "openrouter" });
    stand.providers.script(seat, { tokens, delayMs: 20, intervalMs: 5 });
    const deltas: string[] = [];
    const answer = await minds.answerAsAgent(agentOn(seat), "Who answers?", undefined, { onDelta: (d) => deltas.push(d) });

    expect(deltas).toEqual(tokens);
    expect(answer).toMatchObject({ seat, mode: "model", provider: "openrouter", model: OPENROUTER_AUTO_MODEL, text: tokens.join("") });
    const [request] = requestsOf(seat);
    expect(request).toMatchObject({ provider: "openrouter", model: "openrouter/auto", key, prompt: "Who answers?" });
    expect(request!.path).toBe(`/openrouter/${seat}/api/v1/chat/completions`);
    expect(request!.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, usage: { include: true } });
    expect(answer.usage).toEqual({ inputTokens: inputTokens(request!), outputTokens: tokens.length });
    expect(answer.costUsd).toBeCloseTo(inputTokens(request!) * OPENROUTER_PRICE.input + tokens.length * OPENROUTER_PRICE.output, 9);
  });
});

describe("a seat bound to OpenRouter", () => {
  it("asks for the model configured, and has no cost when OpenRouter reports none", async () => {
    const minds = createMinds(boundTo("claude", "openrouter", "meta-llama/llama-3.3-70b-instruct"), capturedLogger().log);
    stand.providers.script("claude", { tokens, costUsd: null });
    const answer = await minds.answerAsAgent(agentOn("claude"), "Speak.");
    expect(requestsOf("claude")[0]!.model).toBe("meta-llama/llama-3.3-70b-instruct");
    expect(answer).toMatchObject({ model: "meta-llama/llama-3.3-70b-instruct", costUsd: null });
  });

  it("never lets its key into logs or failure reasons, even when the error echoes it", async () => {
    const { log, lines } = capturedLogger();
    const key = "sk-or-v1-secret-0123456789abcdef";
    const minds = createMinds(boundTo("claude", "openrouter", "openrouter/auto", { key }), log);
    const reasons: string[] = [];
    for (const status of [401, 502]) {
      stand.providers.script("claude", { status, echoKey: true });
      reasons.push((await failureOf(minds.answerAsAgent(agentOn("claude"), "Who holds the key?"))).message);
    }
    expect(stand.providers.requests.every((r) => r.key === key)).toBe(true);
    expect(reasons[0]).toMatch(/^claude answered 401/);
    expect(reasons.every((reason) => reason.includes("[redacted]"))).toBe(true);
    const everything = [...lines, ...reasons].join("\n");
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(0, 14));
  });
});

describe("what a call costs", () => {
  const usage = { inputTokens: 1_000, outputTokens: 2_000 };
  it("follows the answering model, then the configured one, then where the seat is bound", () => {
    expect(callCost("oracle", { configured: "nomina-oracle-1" }, usage)).toBe(0);
    // A dated version of a listed name is priced as that name.
    expect(callCost("anthropic", { configured: "claude-sonnet-4-5", answered: "claude-sonnet-4-5-20250929" }, usage)).toBe(0.033);
    expect(callCost("anthropic", { configured: "claude-opus-9" }, usage)).toBeNull();
    expect(callCost("openai_compatible", { configured: "llama3.2", answered: "llama3.2:latest" }, usage)).toBe(0);
    expect(callCost("openrouter", { configured: "openrouter/auto", answered: OPENROUTER_AUTO_MODEL }, usage, 0.0123456789)).toBe(0.012346);
    expect(callCost("openrouter", { configured: "openrouter/auto" }, usage)).toBeNull();
  });
});
