// A Council invocation as it travels: events voice by voice, the state a late subscriber is
// first given (what each voice has said so far), and how a stored row is told again.
import type { CouncilInvocation } from "../../generated/prisma/client.ts";
import { SEATS, type CouncilEvent, type CouncilVoice, type MindMode, type Seat, type SeatIdentity, type SynthesisRecord, type VoiceRecord } from "../../minds/types.ts";

export type CouncilEventWire = {
  invocationId: string;
  /** Order within the invocation: a subscriber skips what its replay already covered. */
  seq: number;
  seat: CouncilVoice;
  delta: string;
  done: boolean;
  failed: boolean;
  /** Why the voice failed; on a synthesis restart, why the previous chairman fell. */
  error: string | null;
  mode: MindMode | null;
  model: string | null;
  /** The seat speaking the synthesis. */
  chair: Seat | null;
  /** The synthesis starts over with another chairman: drop its text so far. */
  restart: boolean;
  /** The voice's whole text, on its last event. */
  text: string | null;
  /** The invocation's last event: the synthesis is done. */
  last: boolean;
};

export type ReplayRequest = { invocationId: string; requestId: string };

export type CouncilInvocationMessage =
  | { kind: "event"; event: CouncilEventWire }
  | { kind: "snapshot"; requestId: string; upTo: number; events: CouncilEventWire[] };

type VoiceState = { start: CouncilEventWire; text: string; end: CouncilEventWire | null };

/** What the Council has said so far, kept compact: per voice its start, its text and its end. */
export class InvocationState {
  seq = 0;
  readonly #voices = new Map<CouncilVoice, VoiceState>();

  constructor(readonly invocationId: string) {}

  /** Turns a mind's event into the wire event, numbered, and remembers it. */
  record(event: CouncilEvent): CouncilEventWire {
    const wire = this.#toWire(event);
    const voice = this.#voices.get(event.voice);
    if (event.type === "start") this.#voices.set(event.voice, { start: wire, text: "", end: null });
    else if (voice && event.type === "delta") voice.text += event.text;
    else if (voice) voice.end = wire;
    return wire;
  }

  /** What a late subscriber is given first: one start, one delta and the end of each voice. */
  snapshot(): CouncilEventWire[] {
    return [...this.#voices.values()].flatMap(({ start, text, end }) => [
      start,
      ...(text ? [{ ...start, delta: text, restart: false, error: null, seq: this.seq }] : []),
      ...(end ? [end] : []),
    ]);
  }

  get finished(): boolean {
    return this.#voices.get("synthesis")?.end != null;
  }

  #toWire(event: CouncilEvent): CouncilEventWire {
    const base = { invocationId: this.invocationId, seq: ++this.seq, seat: event.voice, last: false };
    if (event.type === "start") {
      return {
        ...base,
        ...identityFields(event.voice, event.identity),
        delta: "",
        done: false,
        failed: false,
        error: event.restartReason ?? null,
        restart: event.restartReason !== undefined,
        text: null,
      };
    }
    const start = this.#voices.get(event.voice)?.start;
    const identity = { mode: start?.mode ?? null, model: start?.model ?? null, chair: start?.chair ?? null };
    if (event.type === "delta") return { ...base, ...identity, delta: event.text, done: false, failed: false, error: null, restart: false, text: null };
    return { ...base, ...endFields(event.voice, event.record), last: event.voice === "synthesis" };
  }
}

function identityFields(voice: CouncilVoice, identity: SeatIdentity) {
  return { mode: identity.mode, model: identity.model, chair: voice === "synthesis" ? identity.seat : null };
}

function endFields(voice: CouncilVoice, record: VoiceRecord) {
  return {
    ...identityFields(voice, record),
    delta: "",
    done: true,
    failed: record.status === "failed",
    error: record.error,
    restart: false,
    text: record.text,
  };
}

/** A stored invocation told as events, for a subscriber that comes after its process let go of it. */
export function eventsFromRow(row: CouncilInvocation, unfinishedReason?: string): CouncilEventWire[] {
  const answers = row.answers as Partial<Record<Seat, VoiceRecord>>;
  const synthesis = row.synthesisMeta as SynthesisRecord | null;
  const interrupted = (seat: Seat): VoiceRecord => ({
    status: "failed",
    seat,
    mode: "oracle",
    model: "",
    text: "",
    error: unfinishedReason ?? "unfinished",
    latencyMs: null,
    firstTokenMs: null,
    usage: null,
    costUsd: null,
    attempts: 0,
  });
  const told = (voice: CouncilVoice, record: VoiceRecord): CouncilEventWire[] => {
    const base = { invocationId: row.id, seq: 0, seat: voice, last: voice === "synthesis" };
    const start = { ...base, ...identityFields(voice, record), delta: "", done: false, failed: false, error: null, restart: false, text: null, last: false };
    return [start, ...(record.text ? [{ ...start, delta: record.text }] : []), { ...base, ...endFields(voice, record) }];
  };
  const seats = SEATS.flatMap((seat) => {
    const record = answers[seat] ?? (unfinishedReason ? interrupted(seat) : undefined);
    return record ? told(seat, record) : [];
  });
  const chair = synthesis ?? (unfinishedReason ? { ...interrupted("claude"), fallbacks: [] } : null);
  return [...seats, ...(chair ? told("synthesis", chair) : [])];
}
