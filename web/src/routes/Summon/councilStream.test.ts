import { describe, expect, it } from "vitest";
import { questionReducer, reviewsInOrder, silentSeats, startQuestion, type CouncilEvent, type QuestionState, type Seat } from "./councilStream";

const event = (fields: Partial<CouncilEvent> & Pick<CouncilEvent, "seat">): CouncilEvent => ({
  phase: fields.seat === "synthesis" ? "synthesis" : "answer",
  delta: "",
  done: false,
  failed: false,
  restart: false,
  last: false,
  ...fields,
});

const run = (state: QuestionState, ...events: CouncilEvent[]) => events.reduce(questionReducer, state);
const asked = (seats: Seat[] = ["gemini", "claude", "perplexity", "deepseek"], review = false) => startQuestion(seats, review);

describe("a question as the Council answers it", () => {
  it("seats the seats chosen, in seat order, each waiting", () => {
    const state = asked(["deepseek", "claude"]);
    expect(state.seats).toEqual(["claude", "deepseek"]);
    expect(state.voices.claude).toMatchObject({ status: "waiting", text: "" });
    expect(state.live).toBe(true);
  });

  it("starts each voice empty and appends its deltas, with where it came from", () => {
    const state = run(
      asked(),
      event({ seat: "claude", mode: "oracle", model: "nomina-oracle-1" }),
      event({ seat: "claude", delta: "Patience " }),
      event({ seat: "claude", delta: "first." }),
    );
    expect(state.voices.claude).toMatchObject({ status: "speaking", text: "Patience first.", mode: "oracle", model: "nomina-oracle-1" });
    expect(state.voices.gemini).toMatchObject({ status: "waiting", text: "" });
  });

  it("ends a stopped voice as stopped, not failed, with its words so far; the silent seats are those that did not answer", () => {
    const state = run(
      asked(["gemini", "claude"]),
      event({ seat: "gemini", delta: "Half a " }),
      event({ seat: "gemini", done: true, stopped: true, text: "Half a " }),
      event({ seat: "claude", delta: "Whole." }),
      event({ seat: "claude", done: true, text: "Whole." }),
      event({ seat: "synthesis", done: true, stopped: true, text: "", last: true }),
    );
    expect(state.voices.gemini).toMatchObject({ status: "stopped", text: "Half a ", error: null });
    expect(state.voices.synthesis).toMatchObject({ status: "stopped", error: null, restartReason: null });
    expect(silentSeats(state)).toEqual(["gemini"]);
  });

  it("ends a voice answered with its whole text, or failed with its reason", () => {
    const state = run(
      asked(),
      event({ seat: "gemini", mode: "model", model: "gemini-2.5-flash" }),
      event({ seat: "gemini", delta: "Half" }),
      event({ seat: "gemini", done: true, text: "Half a thought, whole." }),
      event({ seat: "deepseek", mode: "model", model: "deepseek-chat" }),
      event({ seat: "deepseek", done: true, failed: true, error: "deepseek answered 401: invalid key" }),
    );
    expect(state.voices.gemini).toMatchObject({ status: "answered", text: "Half a thought, whole.", error: null });
    expect(state.voices.deepseek).toMatchObject({ status: "failed", error: "deepseek answered 401: invalid key", mode: "model" });
  });

  it("turns a voice that began as its model into the oracle when the oracle ended it, with why", () => {
    const state = run(
      asked(),
      event({ seat: "claude", mode: "model", model: "claude-sonnet-4-5" }),
      event({ seat: "claude", delta: "The ledger " }),
      event({ seat: "claude", done: true, text: "The ledger is closed.", mode: "oracle", model: "nomina-oracle-1", oracleReason: "budget" }),
      event({ seat: "gemini", mode: "oracle", model: "nomina-oracle-1" }),
      event({ seat: "gemini", done: true, text: "Keyless.", mode: "oracle", model: "nomina-oracle-1", oracleReason: null }),
    );
    expect(state.voices.claude).toMatchObject({ status: "answered", mode: "oracle", model: "nomina-oracle-1", oracleReason: "budget" });
    expect(state.voices.gemini).toMatchObject({ status: "answered", mode: "oracle", oracleReason: null });
  });

  it("drops the synthesis so far when another chairman takes over, and keeps why", () => {
    const state = run(
      asked(),
      event({ seat: "synthesis", chair: "claude", mode: "model", model: "claude-sonnet-4-5" }),
      event({ seat: "synthesis", delta: "Half a " }),
      event({
        seat: "synthesis",
        restart: true,
        chair: "gemini",
        mode: "model",
        model: "gemini-2.5-flash",
        error: "claude could not speak the synthesis; gemini takes the chair",
      }),
      event({ seat: "synthesis", delta: "Whole." }),
    );
    expect(state.voices.synthesis).toMatchObject({
      text: "Whole.",
      chair: "gemini",
      model: "gemini-2.5-flash",
      status: "speaking",
      restartReason: "claude could not speak the synthesis; gemini takes the chair",
      error: null,
    });
  });

  it("keeps a reviewer's review apart from its answer, and the totals once every review is back", () => {
    const answered = run(asked(["gemini", "claude", "perplexity"], true), event({ seat: "claude", done: true, text: "Claude's answer." }));
    const state = run(
      answered,
      event({ phase: "review", seat: "claude", mode: "oracle", model: "nomina-oracle-1" }),
      event({ phase: "review", seat: "gemini", mode: "oracle", model: "nomina-oracle-1" }),
      event({
        phase: "review",
        seat: "claude",
        done: true,
        review: {
          seat: "claude",
          status: "reviewed",
          ranking: ["perplexity", "gemini"],
          reason: "Answer A stays closest to what was asked.",
          error: null,
          mode: "oracle",
          model: "nomina-oracle-1",
          costUsd: 0,
        },
      }),
      event({ phase: "review", seat: "perplexity", done: true, failed: true, error: "perplexity returned no ranking" }),
      event({
        phase: "ranking",
        seat: "synthesis",
        done: true,
        ranking: [
          { seat: "perplexity", points: 1, firstPlaces: 1, reviewers: 1 },
          { seat: "gemini", points: 0, firstPlaces: 0, reviewers: 1 },
        ],
      }),
    );
    expect(state.voices.claude).toMatchObject({ status: "answered", text: "Claude's answer." });
    expect(state.voices.synthesis.status).toBe("waiting");
    expect(reviewsInOrder(state).map((review) => [review.seat, review.status])).toEqual([
      ["gemini", "reviewing"],
      ["claude", "reviewed"],
      ["perplexity", "failed"],
    ]);
    expect(state.reviews.claude).toMatchObject({ ranking: ["perplexity", "gemini"], reason: "Answer A stays closest to what was asked." });
    expect(state.reviews.perplexity).toMatchObject({ error: "perplexity returned no ranking" });
    expect(state.ranking?.map((row) => row.seat)).toEqual(["perplexity", "gemini"]);
  });

  it("ends on the synthesis's last event, and hears nothing after", () => {
    const done = run(asked(), event({ seat: "synthesis", delta: "One.", chair: "claude" }), event({ seat: "synthesis", done: true, text: "One.", last: true }));
    expect(done.live).toBe(false);
    expect(questionReducer(done, event({ seat: "claude", delta: "late" }))).toBe(done);
  });
});
