import type * as ReactRelay from "react-relay";
import { describe, expect, it, vi } from "vitest";
import { fromStored, type StoredInvocation } from "./storedQuestion";

// The fragment's tag is compiled by the Relay compiler in the app's build; these tests read the
// conversion alone, on plain data.
vi.mock("react-relay", async (actual) => ({ ...(await actual<typeof ReactRelay>()), graphql: () => ({}) }));

const answer = (seat: string, status: string, text: string, extra: Partial<StoredInvocation["answers"][number]> = {}) => ({
  seat,
  status,
  text,
  error: null,
  mode: "oracle",
  model: "nomina-oracle-1",
  costUsd: 0,
  ...extra,
});

describe("a stored question read back", () => {
  it("reads a stopped seat and synthesis as stopped with their words, and a review's reasons with seats for letters", () => {
    const state = fromStored({
      seats: ["gemini", "claude"],
      review: true,
      answers: [answer("gemini", "stopped", "Half a "), answer("claude", "answered", "Whole.")],
      reviews: [
        {
          seat: "gemini",
          status: "reviewed",
          ranking: ["claude"],
          reason: "Answer A is whole.",
          readableReason: "Claude is whole.",
          error: null,
          mode: "oracle",
          model: "nomina-oracle-1",
          costUsd: 0,
        },
      ],
      ranking: null,
      synthesis: { ...answer("claude", "stopped", "The Coun"), fallbacks: [] },
    });
    expect(state.voices.gemini).toMatchObject({ status: "stopped", text: "Half a ", error: null });
    expect(state.voices.synthesis).toMatchObject({ status: "stopped", text: "The Coun", error: null, restartReason: null });
    expect(state.reviews.gemini?.reason).toBe("Claude is whole.");
  });

  it("reads the seats, reviews, totals and synthesis as the live stream would have left them", () => {
    const state = fromStored({
      seats: ["deepseek", "claude"],
      review: true,
      answers: [
        answer("claude", "answered", "Claude's."),
        answer("deepseek", "failed", "", { error: "deepseek answered 401", mode: "model", model: "deepseek-chat", costUsd: null }),
      ],
      reviews: [
        {
          seat: "claude",
          status: "reviewed",
          ranking: ["deepseek"],
          reason: "Answer A is the only one.",
          error: null,
          mode: "oracle",
          model: "nomina-oracle-1",
          costUsd: 0,
        },
        { seat: "deepseek", status: "failed", ranking: [], reason: null, error: "no ranking", mode: "model", model: "deepseek-chat", costUsd: 0.0001 },
      ],
      ranking: [{ seat: "deepseek", points: 0, firstPlaces: 1, reviewers: 1 }],
      synthesis: { ...answer("gemini", "answered", "As one."), fallbacks: [{ seat: "claude", error: "timed out" }] },
    });
    expect(state.live).toBe(false);
    expect(state.seats).toEqual(["claude", "deepseek"]);
    expect(state.voices.claude).toMatchObject({ status: "answered", text: "Claude's.", mode: "oracle", costUsd: 0 });
    expect(state.voices.deepseek).toMatchObject({ status: "failed", error: "deepseek answered 401", mode: "model", costUsd: null });
    expect(state.reviews.deepseek).toMatchObject({ status: "failed", error: "no ranking", costUsd: 0.0001 });
    expect(state.ranking).toEqual([{ seat: "deepseek", points: 0, firstPlaces: 1, reviewers: 1 }]);
    expect(state.voices.synthesis).toMatchObject({ status: "answered", chair: "gemini", text: "As one." });
    expect(state.voices.synthesis.restartReason).toContain("Claude could not speak the synthesis (timed out)");
  });

  it("keeps why the oracle answered in a seat's place", () => {
    const state = fromStored({
      seats: ["gemini", "claude"],
      review: false,
      answers: [answer("claude", "answered", "Spent.", { oracleReason: "budget" }), answer("gemini", "answered", "Keyless.")],
      reviews: [],
      ranking: null,
      synthesis: null,
    });
    expect(state.voices.claude).toMatchObject({ mode: "oracle", oracleReason: "budget" });
    expect(state.voices.gemini).toMatchObject({ mode: "oracle", oracleReason: null });
  });

  it("reads a voice the Council never finished (the question was stopped) as failed, with why", () => {
    const state = fromStored({
      seats: ["gemini", "claude"],
      review: false,
      answers: [answer("gemini", "speaking", "Half a")],
      reviews: [],
      ranking: null,
      synthesis: null,
    });
    expect(state.voices.gemini).toMatchObject({ status: "failed", text: "Half a", error: "The Council was stopped before this voice finished" });
    expect(state.voices.synthesis.status).toBe("waiting");
  });
});
