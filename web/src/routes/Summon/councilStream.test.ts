import { describe, expect, it } from "vitest";
import { gateReducer, initialGate, isPending, type CouncilEvent, type GateState } from "./councilStream";

const event = (fields: Partial<CouncilEvent> & Pick<CouncilEvent, "seat">): CouncilEvent => ({
  delta: "",
  done: false,
  failed: false,
  restart: false,
  last: false,
  ...fields,
});

function run(...events: CouncilEvent[]): GateState {
  const started = gateReducer(gateReducer(initialGate, { type: "invoke" }), { type: "started", invocationId: "inv-1" });
  return events.reduce((state, e) => gateReducer(state, { type: "event", event: e }), started);
}

describe("the Summoning Gate's stream", () => {
  it("starts each voice empty and appends its deltas, with where it came from", () => {
    const state = run(
      event({ seat: "claude", mode: "oracle", model: "nomina-oracle-1" }),
      event({ seat: "claude", delta: "Patience " }),
      event({ seat: "claude", delta: "first." }),
    );
    expect(state.voices.claude).toMatchObject({ status: "speaking", text: "Patience first.", mode: "oracle", model: "nomina-oracle-1" });
    expect(state.voices.gemini).toMatchObject({ status: "waiting", text: "" });
    expect(isPending(state.phase)).toBe(true);
  });

  it("ends a voice answered with its whole text, or failed with its reason", () => {
    const state = run(
      event({ seat: "gemini", mode: "model", model: "gemini-2.5-flash" }),
      event({ seat: "gemini", delta: "Half" }),
      event({ seat: "gemini", done: true, text: "Half a thought, whole." }),
      event({ seat: "deepseek", mode: "model", model: "deepseek-chat" }),
      event({ seat: "deepseek", done: true, failed: true, error: "deepseek answered 401: invalid key" }),
    );
    expect(state.voices.gemini).toMatchObject({ status: "answered", text: "Half a thought, whole.", error: null });
    expect(state.voices.deepseek).toMatchObject({ status: "failed", error: "deepseek answered 401: invalid key", mode: "model" });
  });

  it("drops the synthesis so far when another chairman takes over, and keeps why", () => {
    const state = run(
      event({ seat: "synthesis", chair: "claude", mode: "model", model: "claude-sonnet-4-5" }),
      event({ seat: "synthesis", delta: "Half a " }),
      event({ seat: "synthesis", restart: true, chair: "gemini", mode: "model", model: "gemini-2.5-flash", error: "claude could not speak the synthesis; gemini takes the chair" }),
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

  it("ends the invocation on the last event, and empties the results when a new one starts", () => {
    const done = run(event({ seat: "synthesis", delta: "One.", chair: "claude" }), event({ seat: "synthesis", done: true, text: "One.", last: true }));
    expect(done.phase).toBe("done");
    expect(isPending(done.phase)).toBe(false);
    const again = gateReducer(done, { type: "invoke" });
    expect(again.phase).toBe("invoking");
    expect(again.voices.synthesis.text).toBe("");
    expect(again.invocationId).toBeNull();
  });

  it("clears the loading on an error: back to idle before the Council started, done after", () => {
    expect(gateReducer(gateReducer(initialGate, { type: "invoke" }), { type: "failed" }).phase).toBe("idle");
    const speaking = run(event({ seat: "claude", delta: "Some" }));
    const failed = gateReducer(speaking, { type: "failed" });
    expect(failed.phase).toBe("done");
    expect(failed.voices.claude.text).toBe("Some");
  });

  it("ignores events of an invocation that is no longer followed", () => {
    const idle = gateReducer(initialGate, { type: "event", event: event({ seat: "claude", delta: "late" }) });
    expect(idle).toBe(initialGate);
  });
});
