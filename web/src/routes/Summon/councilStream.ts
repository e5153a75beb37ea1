// The Summoning Gate's state as the Council speaks (spec section 4: idle, invoking, results).
// Each voice starts empty, grows by its deltas, starts over on a restart (a new chairman) and
// ends answered or failed; the synthesis's last event ends the invocation.

export const SEATS = ["gemini", "claude", "perplexity", "deepseek"] as const;
export type Seat = (typeof SEATS)[number];
export type Voice = Seat | "synthesis";

export type VoiceState = {
  status: "waiting" | "speaking" | "answered" | "failed";
  text: string;
  mode: "model" | "oracle" | null;
  model: string | null;
  /** Why the voice failed. */
  error: string | null;
  /** The seat speaking the synthesis. */
  chair: string | null;
  /** Why an earlier chairman gave up the synthesis, when one did. */
  restartReason: string | null;
};

/** One event of councilInvocation, as far as the screen needs it. */
export type CouncilEvent = {
  seat: Voice;
  delta: string;
  done: boolean;
  failed: boolean;
  error?: string | null;
  mode?: "model" | "oracle" | null;
  model?: string | null;
  chair?: string | null;
  restart: boolean;
  text?: string | null;
  last: boolean;
};

export type Phase = "idle" | "invoking" | "streaming" | "done";

export type GateState = { phase: Phase; invocationId: string | null; voices: Record<Voice, VoiceState> };

export type GateAction =
  | { type: "invoke" }
  | { type: "started"; invocationId: string }
  | { type: "event"; event: CouncilEvent }
  | { type: "failed" }
  | { type: "ended" };

const silent = (): VoiceState => ({ status: "waiting", text: "", mode: null, model: null, error: null, chair: null, restartReason: null });

function emptyVoices(): Record<Voice, VoiceState> {
  return { gemini: silent(), claude: silent(), perplexity: silent(), deepseek: silent(), synthesis: silent() };
}

export const initialGate: GateState = { phase: "idle", invocationId: null, voices: emptyVoices() };

export function applyEvent(voice: VoiceState, event: CouncilEvent): VoiceState {
  const base = event.restart ? { ...silent(), restartReason: event.error ?? null } : voice;
  const next: VoiceState = {
    ...base,
    text: base.text + event.delta,
    mode: event.mode ?? base.mode,
    model: event.model ?? base.model,
    chair: event.chair ?? base.chair,
    status: event.done ? (event.failed ? "failed" : "answered") : "speaking",
  };
  if (event.done) {
    // The last event carries the whole text: it settles anything a reconnect may have doubled.
    if (event.text != null && !event.failed) next.text = event.text;
    next.error = event.failed ? (event.error ?? "The voice fell silent") : null;
  }
  return next;
}

export function gateReducer(state: GateState, action: GateAction): GateState {
  switch (action.type) {
    case "invoke":
      // A new invocation empties the last one's results.
      return { phase: "invoking", invocationId: null, voices: emptyVoices() };
    case "started":
      return { ...state, phase: "streaming", invocationId: action.invocationId };
    case "event": {
      if (state.phase !== "streaming") return state;
      const { event } = action;
      const voices = { ...state.voices, [event.seat]: applyEvent(state.voices[event.seat], event) };
      return { ...state, voices, phase: event.last ? "done" : state.phase };
    }
    case "failed":
      // Loading clears on error; what had been said stays readable.
      return { ...state, phase: state.phase === "invoking" ? "idle" : "done" };
    case "ended":
      return state.phase === "streaming" ? { ...state, phase: "done" } : state;
  }
}

/** True while the Council is being asked or is speaking: the gate takes no new question. */
export const isPending = (phase: Phase) => phase === "invoking" || phase === "streaming";
