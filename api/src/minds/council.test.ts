// The Council against the four providers' stand-ins: the seats speak in parallel, one seat's
// failure (a 500, a stall) leaves the others and the synthesis intact, the chairman reads the
// answers anonymised, and a failing chairman hands the chair on.
import { describe, expect, it } from "vitest";
import { capturedLogger, keysOf, settingsFor } from "../../test/minds.ts";
import { isChairRequest, type RecordedRequest, type Script } from "../../test/providers.ts";
import { providersPerBlock } from "../../test/blocks.ts";
import { createMinds } from "./index.ts";
import { oracleSeatAnswer } from "./oracle.ts";
import { type CouncilEvent } from "./council-records.ts";
import { SEATS, SeatFailure, type CouncilVoice, type Seat } from "./identity.ts";

const stand = providersPerBlock();

const PROMPT = "How should a new mind choose its name?";
/** Answers that do not name their seat, so anonymity can be checked. */
const ANSWERS: Record<Seat, string[]> = {
  gemini: ["Begin ", "with ", "the ", "nearest ", "light."],
  claude: ["Hold ", "it ", "with ", "an ", "open ", "hand."],
  perplexity: ["The ", "records ", "disagree."],
  deepseek: ["Step ", "by ", "step, ", "then ", "smaller."],
};

/** Every seat answers ANSWERS as a seat and `chair(seat)` when it chairs. */
function scriptAll(overrides: Partial<Record<Seat, (request: RecordedRequest) => Script | undefined>> = {}) {
  for (const seat of SEATS) {
    stand.providers.script(
      seat,
      (request) => overrides[seat]?.(request) ?? (isChairRequest(request) ? { tokens: [`Synthesis `, `by `, `${seat}.`] } : { tokens: ANSWERS[seat] }),
    );
  }
}

/** Collects events and rebuilds each voice's text as a client would. */
function listener() {
  const events: CouncilEvent[] = [];
  const texts = new Map<CouncilVoice, string>();
  return {
    events,
    texts,
    onEvent: (event: CouncilEvent) => {
      events.push(event);
      if (event.type === "start") texts.set(event.voice, "");
      if (event.type === "delta") texts.set(event.voice, (texts.get(event.voice) ?? "") + event.text);
    },
  };
}

describe("the Council", () => {
  it("asks the four seats in parallel, then the chairman, who reads their answers without their names", async () => {
    const minds = createMinds(settingsFor(stand.providers), capturedLogger().log);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    scriptAll(Object.fromEntries(SEATS.map((seat) => [seat, (r: RecordedRequest) => (isChairRequest(r) ? undefined : { tokens: ANSWERS[seat], gate })])));
    const heard = listener();
    const council = minds.consultCouncil({ prompt: PROMPT }, { onEvent: heard.onEvent });
    // All four requests are in flight together before any of them has answered.
    await expect.poll(() => stand.providers.requests.length).toBe(4);
    expect(heard.events.filter((e) => e.type === "delta")).toEqual([]);
    release();
    const outcome = await council;

    for (const seat of SEATS) {
      expect(outcome.seats[seat]).toMatchObject({ status: "answered", mode: "model", model: `${seat}-test-model`, text: ANSWERS[seat].join(""), error: null });
      expect(heard.texts.get(seat)).toBe(ANSWERS[seat].join(""));
      expect(stand.providers.requests.find((r) => r.seat === seat && !isChairRequest(r))!.prompt).toBe(PROMPT);
    }
    expect(outcome.synthesis).toMatchObject({ status: "answered", seat: "claude", text: "Synthesis by claude.", fallbacks: [] });
    expect(heard.texts.get("synthesis")).toBe("Synthesis by claude.");
    expect(heard.events.at(-1)).toMatchObject({ voice: "synthesis", type: "end" });

    const chair = stand.providers.requests.filter(isChairRequest);
    expect(chair.map((r) => r.seat)).toEqual(["claude"]);
    for (const seat of SEATS) expect(chair[0]!.prompt).toContain(ANSWERS[seat].join(""));
    expect(chair[0]!.prompt).toContain(PROMPT);
    expect(chair[0]!.prompt).toMatch(/Answer A:[\s\S]*Answer D:/);
    for (const seat of SEATS) expect(`${chair[0]!.system}\n${chair[0]!.prompt}`.toLowerCase()).not.toContain(seat);
    // The synthesis starts only after every seat has ended.
    const firstSynthesis = heard.events.findIndex((e) => e.voice === "synthesis");
    const seatEnds = heard.events.map((e, i) => (e.type === "end" && e.voice !== "synthesis" ? i : -1)).filter((i) => i >= 0);
    expect(seatEnds).toHaveLength(4);
    expect(Math.max(...seatEnds)).toBeLessThan(firstSynthesis);
  });

  it.each([
    ["a 500 (after its one retry)", { status: 500 } satisfies Script, /^perplexity answered 500/],
    ["a stall", { stall: "silent" } satisfies Script, /^perplexity did not finish within 400 ms$/],
  ])("goes on without a seat that fails with %s; the synthesis is written from the other three", async (_label, failure, reason) => {
    const minds = createMinds(settingsFor(stand.providers, SEATS, { timeoutMs: 400 }), capturedLogger().log);
    scriptAll({ perplexity: (r) => (isChairRequest(r) ? undefined : failure) });
    const heard = listener();
    const outcome = await minds.consultCouncil({ prompt: PROMPT }, { onEvent: heard.onEvent });

    expect(outcome.seats.perplexity).toMatchObject({ status: "failed", mode: "model", text: "" });
    expect(outcome.seats.perplexity?.error).toMatch(reason);
    expect(heard.events).toContainEqual({ voice: "perplexity", type: "end", record: outcome.seats.perplexity });
    for (const seat of ["gemini", "claude", "deepseek"] as const)
      expect(outcome.seats[seat]).toMatchObject({ status: "answered", text: ANSWERS[seat].join("") });
    expect(outcome.synthesis).toMatchObject({ status: "answered", seat: "claude", text: "Synthesis by claude." });
    const chair = stand.providers.requests.find(isChairRequest)!;
    expect(chair.prompt).toMatch(/Answer C:/);
    expect(chair.prompt).not.toMatch(/Answer D:/);
    expect(chair.prompt).not.toContain(ANSWERS.perplexity.join(""));
  });

  it("hands the chair to the next seat when the chairman fails, and says so", async () => {
    const minds = createMinds(settingsFor(stand.providers), capturedLogger().log);
    scriptAll({ claude: (r) => (isChairRequest(r) ? { status: 500 } : undefined) });
    const heard = listener();
    const outcome = await minds.consultCouncil({ prompt: PROMPT }, { onEvent: heard.onEvent });

    expect(outcome.seats.claude?.status).toBe("answered");
    expect(outcome.synthesis).toMatchObject({ status: "answered", seat: "gemini", text: "Synthesis by gemini." });
    expect(outcome.synthesis.fallbacks).toEqual([{ seat: "claude", error: expect.stringMatching(/^claude answered 500/) }]);
    const starts = heard.events.filter((e) => e.voice === "synthesis" && e.type === "start");
    expect(starts).toEqual([
      { voice: "synthesis", type: "start", identity: { seat: "claude", mode: "model", model: "claude-test-model", provider: "anthropic" } },
      {
        voice: "synthesis",
        type: "start",
        identity: { seat: "gemini", mode: "model", model: "gemini-test-model", provider: "google" },
        restartReason: expect.stringMatching(/^claude could not speak the synthesis \(claude answered 500.*\); gemini takes the chair$/),
      },
    ]);
    expect(stand.providers.requests.filter(isChairRequest).map((r) => r.seat)).toEqual(["claude", "claude", "gemini"]);
  });

  it("starts the synthesis over when a chairman stalls mid-way", async () => {
    const minds = createMinds(settingsFor(stand.providers, SEATS, { timeoutMs: 400 }), capturedLogger().log);
    scriptAll({ claude: (r) => (isChairRequest(r) ? { tokens: ["Half ", "a ", "thought"], stall: 2 } : undefined) });
    const heard = listener();
    const outcome = await minds.consultCouncil({ prompt: PROMPT }, { onEvent: heard.onEvent });
    expect(outcome.synthesis).toMatchObject({ seat: "gemini", text: "Synthesis by gemini." });
    // The client was told to drop "Half a " when gemini took the chair.
    expect(heard.texts.get("synthesis")).toBe("Synthesis by gemini.");
    const synthesis = heard.events.filter((e) => e.voice === "synthesis").map((e) => (e.type === "delta" ? e.text : e.type));
    expect(synthesis).toEqual(["start", "Half ", "a ", "start", "Synthesis ", "by ", "gemini.", "end"]);
  });

  it("prefers a model to the oracle as chairman, and lets the oracle answer for keyless seats", async () => {
    const minds = createMinds(settingsFor(stand.providers, ["deepseek"]), capturedLogger().log);
    scriptAll();
    const outcome = await minds.consultCouncil({ prompt: PROMPT });
    expect(outcome.seats.gemini).toMatchObject({ status: "answered", mode: "oracle", text: oracleSeatAnswer("gemini", PROMPT) });
    expect(outcome.seats.deepseek).toMatchObject({ mode: "model", text: ANSWERS.deepseek.join("") });
    expect(outcome.synthesis).toMatchObject({ seat: "deepseek", mode: "model", text: "Synthesis by deepseek." });
  });

  it("reports a failed synthesis when no seat answered", async () => {
    const minds = createMinds(settingsFor(stand.providers), capturedLogger().log);
    for (const seat of SEATS) stand.providers.script(seat, { status: 400 });
    const outcome = await minds.consultCouncil({ prompt: PROMPT });
    expect(SEATS.every((seat) => outcome.seats[seat]?.status === "failed")).toBe(true);
    expect(outcome.synthesis).toMatchObject({ status: "failed", error: "No seat answered, so the Council has nothing to weigh" });
  });

  it("answers a terminal whisper through the chairman, or the next seat when it fails", async () => {
    const minds = createMinds(settingsFor(stand.providers), capturedLogger().log);
    scriptAll();
    expect(await minds.answerCouncilWhisper("The lighthouse remembers")).toMatchObject({ seat: "claude", mode: "model" });
    stand.providers.script("claude", { status: 500 });
    expect(await minds.answerCouncilWhisper("The lighthouse remembers")).toMatchObject({ seat: "gemini", mode: "model" });
    for (const seat of SEATS) stand.providers.script(seat, { status: 401 });
    const silent = await minds.answerCouncilWhisper("Anyone?").catch((e: unknown) => e);
    expect(silent).toBeInstanceOf(SeatFailure);
    expect((silent as Error).message).toMatch(/^The Council is silent: claude answered 401.*gemini answered 401/);
  });

  it("keeps keys out of every event and log line, whatever fails", async () => {
    const { log, lines } = capturedLogger();
    const settings = settingsFor(stand.providers, SEATS, { timeoutMs: 1500 });
    const minds = createMinds(settings, log);
    scriptAll({
      gemini: () => ({ status: 500, echoKey: true }),
      perplexity: () => ({ status: 401, echoKey: true }),
      claude: (r) => (isChairRequest(r) ? { status: 502, echoKey: true } : undefined),
      deepseek: (r) => (isChairRequest(r) ? { stall: "silent" } : undefined),
    });
    const heard = listener();
    const outcome = await minds.consultCouncil({ prompt: PROMPT }, { onEvent: heard.onEvent });
    expect(outcome.synthesis.status).toBe("failed");
    const everything = JSON.stringify({ events: heard.events, outcome }) + lines.join("\n");
    expect(everything).toContain("[redacted]");
    for (const key of keysOf(settings)) expect(everything).not.toContain(key);
  });
});
