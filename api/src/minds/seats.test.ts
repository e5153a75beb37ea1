// Each seat against a local server that speaks its provider's own streaming wire format: the
// request carries the agent's persona and the configured model, the tokens arrive in order,
// and the limits (timeout, one retry of a transient failure, bounded concurrency) hold.
import { describe, expect, it } from "vitest";
import { agentOn, capturedLogger, keysOf, settingsFor, failureOf } from "../../test/minds.ts";
import { providersPerBlock } from "../../test/blocks.ts";
import { createMinds } from "./index.ts";
import { GLYPH_RITUALS } from "./rituals.ts";
import { SEATS, type Seat } from "./identity.ts";

const stand = providersPerBlock();

const requestsOf = (seat: Seat) => stand.providers.requests.filter((r) => r.seat === seat);

describe.each(SEATS)("the %s seat against its provider's wire format", (seat) => {
  const tokens = ["The ", "echo ", "returns, ", "softly ", "indexed."];

  it("sends the persona as the system prompt with the configured model and streams the tokens in order", async () => {
    const settings = settingsFor(stand.providers, [seat]);
    const minds = createMinds(settings, capturedLogger().log);
    stand.providers.script(seat, { tokens, intervalMs: 5 });
    const deltas: string[] = [];
    const answer = await minds.answerAsAgent(agentOn(seat), "What does the cache remember?", undefined, { onDelta: (d) => deltas.push(d) });

    expect(deltas).toEqual(tokens);
    expect(answer).toMatchObject({ seat, mode: "model", model: `${seat}-test-model`, text: tokens.join(""), attempts: 1 });
    expect(answer.usage.outputTokens).toBe(tokens.length);
    expect(answer.usage.inputTokens).toBeGreaterThan(10);
    expect(answer.latencyMs).toBeGreaterThanOrEqual(answer.firstTokenMs!);
    // A model outside the price table has no estimate rather than a wrong one.
    expect(answer.costUsd).toBeNull();

    const [request] = requestsOf(seat);
    expect(requestsOf(seat)).toHaveLength(1);
    expect(request!.model).toBe(`${seat}-test-model`);
    expect(request!.key).toBe(settings.seats[seat].apiKey!.reveal());
    expect(request!.prompt).toBe("What does the cache remember?");
    for (const part of [
      "Echo Haiku",
      "contemplative, gentle",
      "hushed and lyrical",
      "Answers in images before facts.",
      "haiku composition",
      "the archive",
      "Cannot see the future.",
    ]) {
      expect(request!.system, part).toContain(part);
    }
    expect(stand.providers.requests.every((r) => r.seat === seat)).toBe(true);
  });

  it("sends a glyph ritual's fixed prompt, with the ritual's form in the system prompt", async () => {
    const minds = createMinds(settingsFor(stand.providers, [seat]), capturedLogger().log);
    await minds.answerAsAgent(agentOn(seat), GLYPH_RITUALS.poem.prompt, "poem");
    const [request] = requestsOf(seat);
    expect(request!.prompt).toBe(GLYPH_RITUALS.poem.prompt);
    expect(request!.system).toContain("ritual of the gifted poem");
  });

  it("estimates the cost of its default model from the price table", async () => {
    const settings = settingsFor(stand.providers, [seat]);
    const defaults = { gemini: "gemini-2.5-flash", claude: "claude-sonnet-4-5", perplexity: "sonar", deepseek: "deepseek-chat" } as const;
    settings.seats[seat] = { ...settings.seats[seat], model: defaults[seat] };
    const answer = await createMinds(settings, capturedLogger().log).answerAsAgent(agentOn(seat), "Speak.");
    expect(requestsOf(seat)[0]!.model).toBe(defaults[seat]);
    expect(answer.costUsd).toBeGreaterThan(0);
    expect(answer.costUsd).toBeLessThan(0.01);
  });

  it("retries a 500 once, before any token, and then answers", async () => {
    const minds = createMinds(settingsFor(stand.providers, [seat]), capturedLogger().log);
    stand.providers.script(seat, (_request, index) => (index === 0 ? { status: 500 } : { tokens }));
    const answer = await minds.answerAsAgent(agentOn(seat), "Again?");
    expect(answer).toMatchObject({ text: tokens.join(""), attempts: 2 });
    expect(requestsOf(seat)).toHaveLength(2);
  });

  it("fails after a second 500, with the status in its reason", async () => {
    const minds = createMinds(settingsFor(stand.providers, [seat]), capturedLogger().log);
    stand.providers.script(seat, { status: 503 });
    const failure = await failureOf(minds.answerAsAgent(agentOn(seat), "Anyone?"));
    expect(failure).toMatchObject({ kind: "provider", attempts: 2 });
    expect(failure.message).toMatch(new RegExp(`^${seat} answered 503`));
    expect(requestsOf(seat)).toHaveLength(2);
  });

  it("does not retry a 4xx: the request itself is wrong", async () => {
    const minds = createMinds(settingsFor(stand.providers, [seat]), capturedLogger().log);
    stand.providers.script(seat, { status: 400 });
    const failure = await failureOf(minds.answerAsAgent(agentOn(seat), "Anyone?"));
    expect(failure).toMatchObject({ kind: "provider", attempts: 1 });
    expect(failure.message).toContain(`${seat} answered 400`);
    expect(requestsOf(seat)).toHaveLength(1);
  });

  it("times out a provider that never answers, and one that stalls mid-answer without retrying it", async () => {
    const minds = createMinds(settingsFor(stand.providers, [seat], { timeoutMs: 300 }), capturedLogger().log);
    stand.providers.script(seat, { stall: "silent" });
    const silent = await failureOf(minds.answerAsAgent(agentOn(seat), "Hello?"));
    expect(silent).toMatchObject({ kind: "timeout", message: `${seat} did not finish within 300 ms`, attempts: 1 });

    stand.providers.script(seat, { tokens, stall: 2 });
    const deltas: string[] = [];
    const stalled = await failureOf(minds.answerAsAgent(agentOn(seat), "Still there?", undefined, { onDelta: (d) => deltas.push(d) }));
    expect(stalled.kind).toBe("timeout");
    expect(deltas).toEqual(tokens.slice(0, 2));
    // Text already reached the client: a retry would repeat it. (Counted by its prompt: on a
    // loaded machine the silent request above may reach the stand-in after its client gave up.)
    expect(requestsOf(seat).filter((request) => request.prompt === "Still there?")).toHaveLength(1);
  });
});

describe("limits shared by every seat", () => {
  it("keeps at most `concurrency` calls in flight per seat; the others wait their turn", async () => {
    const minds = createMinds(settingsFor(stand.providers, ["claude"], { concurrency: 2 }), capturedLogger().log);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stand.providers.script("claude", { gate, tokens: ["held."] });
    const calls = Array.from({ length: 5 }, (_, i) => minds.answerAsAgent(agentOn("claude"), `Question ${i}`));
    await expect.poll(() => requestsOf("claude").length).toBe(2);
    // Another seat is not held up by claude's queue.
    await minds.answerAsAgent(agentOn("gemini"), "Meanwhile?");
    expect(requestsOf("claude")).toHaveLength(2);
    release();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.text)).toEqual(Array(5).fill("held."));
    expect(requestsOf("claude")).toHaveLength(5);
  });

  it("gives up waiting for a free slot after the timeout", async () => {
    const minds = createMinds(settingsFor(stand.providers, ["deepseek"], { concurrency: 1, timeoutMs: 300 }), capturedLogger().log);
    stand.providers.script("deepseek", { stall: "silent" });
    const first = failureOf(minds.answerAsAgent(agentOn("deepseek"), "one"));
    const second = await failureOf(minds.answerAsAgent(agentOn("deepseek"), "two"));
    expect(second).toMatchObject({ kind: "busy", message: "deepseek had no free slot within 300 ms" });
    expect((await first).kind).toBe("timeout");
  });

  it("cancels a call when the client leaves, without retrying", async () => {
    const minds = createMinds(settingsFor(stand.providers, ["perplexity"]), capturedLogger().log);
    stand.providers.script("perplexity", { tokens: ["one ", "two ", "three"], stall: 1 });
    const leave = new AbortController();
    const call = minds.answerAsAgent(agentOn("perplexity"), "Stay?", undefined, { signal: leave.signal, onDelta: () => leave.abort() });
    expect((await failureOf(call)).kind).toBe("cancelled");
    expect(requestsOf("perplexity")).toHaveLength(1);
  });

  it("streams a keyless seat from the oracle in chunks that join into its answer", async () => {
    const minds = createMinds(settingsFor(stand.providers, []), capturedLogger().log);
    const deltas: string[] = [];
    const answer = await minds.answerAsAgent(agentOn("gemini"), "Tell me of the lighthouse", undefined, { onDelta: (d) => deltas.push(d), pace: true });
    expect(answer).toMatchObject({ mode: "oracle", model: "nomina-oracle-1", costUsd: 0, usage: { inputTokens: 0, outputTokens: 0 } });
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join("")).toBe(answer.text);
    expect(stand.providers.requests).toHaveLength(0);
  });
});

describe("keys", () => {
  it("never appear in logs or failure reasons, even when a provider echoes them", async () => {
    const { log, lines } = capturedLogger();
    const settings = settingsFor(stand.providers);
    const minds = createMinds(settings, log);
    const reasons: string[] = [];
    for (const seat of SEATS) {
      for (const status of [401, 500]) {
        stand.providers.script(seat, { status, echoKey: true });
        reasons.push((await failureOf(minds.answerAsAgent(agentOn(seat), "Who holds the key?"))).message);
      }
      stand.providers.script(seat, {});
      await minds.answerAsAgent(agentOn(seat), "Now answer.");
    }
    // The stand-ins did receive the keys and put them in their error bodies.
    expect(stand.providers.requests.map((r) => r.key)).toEqual(expect.arrayContaining(keysOf(settings)));
    expect(reasons.every((reason) => reason.includes("[redacted]"))).toBe(true);
    expect(lines.length).toBeGreaterThan(8);
    const everything = [...lines, ...reasons, JSON.stringify(settings), String(settings.seats.claude.apiKey)].join("\n");
    for (const key of keysOf(settings)) {
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(key.slice(0, 12));
    }
  });
});
