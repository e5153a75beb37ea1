// A Council invocation as it travels: events voice by voice (and review by review), the state a
// late subscriber in the running process is first given (what each voice has said so far, the
// reviews already back), an event as another process's stream keeps it, and how a stored row is
// told again, whole or for what a follower still lacks.
import type { CouncilInvocation } from "../../../generated/prisma/client.ts";
import type { RankingRow, ReviewRecord } from "../../minds/review.ts";
import { type CouncilEvent, type SynthesisRecord, type VoiceRecord } from "../../minds/council-records.ts";
import { SEATS, type CouncilVoice, type MindMode, type MindProvider, type OracleReason, type Seat, type SeatIdentity } from "../../minds/identity.ts";

/** What an event is about: a seat's answer, a seat's review of the others, the review's totals, the synthesis. */
export type CouncilPhase = "answer" | "review" | "ranking" | "synthesis";

export type CouncilEventWire = {
  invocationId: string;
  /** Order within the invocation: a subscriber skips what its replay already covered. */
  seq: number;
  phase: CouncilPhase;
  /** The voice: for a review, the reviewer; for the totals, "synthesis" (they come before it). */
  seat: CouncilVoice;
  delta: string;
  done: boolean;
  failed: boolean;
  /** The voice (or review) ended because the asker stopped the Council: its words so far are kept, and it did not fail. */
  stopped: boolean;
  /** Why the voice (or review) failed; on a synthesis restart, why the previous chairman fell. */
  error: string | null;
  mode: MindMode | null;
  /** Whose model speaks; absent on events told from records made before seats could be bound elsewhere. */
  provider?: MindProvider | null;
  /** The model asked for on a voice's first events; on its end, the one that answered. */
  model: string | null;
  /** On a voice's (or review's) last event: why the oracle stood in for the seat's model, if it did. */
  oracleReason: OracleReason | null;
  /** The seat speaking the synthesis. */
  chair: Seat | null;
  /** The synthesis starts over with another chairman: drop its text so far. */
  restart: boolean;
  /** The voice's whole text, on its last event. */
  text: string | null;
  /** A reviewer's ranking, on the review's last event. */
  review: ReviewRecord | null;
  /** The review's totals, best first, on the ranking event. */
  ranking: RankingRow[] | null;
  /** The invocation's last event: the synthesis is done. */
  last: boolean;
};

type VoiceState = { start: CouncilEventWire; text: string; end: CouncilEventWire | null };

const QUIET = {
  delta: "",
  done: false,
  failed: false,
  stopped: false,
  error: null,
  oracleReason: null,
  restart: false,
  text: null,
  review: null,
  ranking: null,
  last: false,
} as const;

const voiceKey = (phase: CouncilPhase, voice: CouncilVoice) => `${phase}:${voice}`;

/** What the Council has said so far, kept compact: per voice its start, its text and its end. */
export class InvocationState {
  seq = 0;
  readonly #voices = new Map<string, VoiceState>();

  constructor(readonly invocationId: string) {}

  /** Turns a mind's event into the wire event, numbered, and remembers it. */
  record(event: CouncilEvent): CouncilEventWire {
    const wire = this.#toWire(event);
    const key = voiceKey(wire.phase, wire.seat);
    const voice = this.#voices.get(key);
    if (event.type === "start" || event.type === "review-start" || event.type === "ranking") {
      this.#voices.set(key, { start: wire, text: "", end: event.type === "ranking" ? wire : null });
    } else if (voice && event.type === "delta") voice.text += event.text;
    else if (voice) voice.end = wire;
    return wire;
  }

  /** What a late subscriber is given first: one start, one delta and the end of each voice. */
  snapshot(): CouncilEventWire[] {
    return [...this.#voices.values()].flatMap(({ start, text, end }) => [
      ...(end === start ? [] : [start]),
      ...(text ? [{ ...start, delta: text, restart: false, error: null, seq: this.seq }] : []),
      ...(end ? [end] : []),
    ]);
  }

  get finished(): boolean {
    return this.#voices.get(voiceKey("synthesis", "synthesis"))?.end != null;
  }

  #toWire(event: CouncilEvent): CouncilEventWire {
    const base = { ...QUIET, invocationId: this.invocationId, seq: ++this.seq, seat: event.voice };
    switch (event.type) {
      case "start":
        return {
          ...base,
          phase: phaseOf(event.voice),
          ...identityFields(event.voice, event.identity),
          error: event.restartReason ?? null,
          restart: event.restartReason !== undefined,
        };
      case "delta": {
        const start = this.#voices.get(voiceKey(phaseOf(event.voice), event.voice))?.start;
        return {
          ...base,
          phase: phaseOf(event.voice),
          mode: start?.mode ?? null,
          provider: start?.provider ?? null,
          model: start?.model ?? null,
          chair: start?.chair ?? null,
          delta: event.text,
        };
      }
      case "end":
        return { ...base, phase: phaseOf(event.voice), ...endFields(event.voice, event.record), last: event.voice === "synthesis" };
      case "review-start":
        return { ...base, phase: "review", mode: event.identity.mode, provider: event.identity.provider ?? null, model: event.identity.model, chair: null };
      case "review":
        return { ...base, phase: "review", ...reviewFields(event.record) };
      case "ranking":
        return { ...base, phase: "ranking", mode: null, model: null, chair: null, done: true, ranking: event.ranking };
    }
  }
}

const phaseOf = (voice: CouncilVoice): CouncilPhase => (voice === "synthesis" ? "synthesis" : "answer");

function identityFields(voice: CouncilVoice, identity: SeatIdentity) {
  return { mode: identity.mode, provider: identity.provider ?? null, model: identity.model, chair: voice === "synthesis" ? identity.seat : null };
}

function endFields(voice: CouncilVoice, record: VoiceRecord) {
  return {
    ...identityFields(voice, record),
    done: true,
    failed: record.status === "failed",
    stopped: record.status === "stopped",
    error: record.error,
    oracleReason: record.oracleReason ?? null,
    text: record.text,
  };
}

function reviewFields(record: ReviewRecord) {
  return {
    mode: record.mode,
    provider: record.provider ?? null,
    model: record.model,
    chair: null,
    done: true,
    failed: record.status === "failed",
    stopped: record.status === "stopped",
    error: record.error,
    oracleReason: record.oracleReason ?? null,
    review: record,
  };
}

/** The seats an invocation seated: as recorded, or all four for one asked before seats were chosen. */
export const seatedSeats = (row: Pick<CouncilInvocation, "seats">): Seat[] =>
  row.seats.length ? SEATS.filter((seat) => row.seats.includes(seat)) : [...SEATS];

/** A stored invocation told as events, for a subscriber that comes after its process let go of it. */
export function eventsFromRow(row: CouncilInvocation, unfinishedReason?: string): CouncilEventWire[] {
  const answers = row.answers as Partial<Record<Seat, VoiceRecord>>;
  const reviews = row.reviews as Partial<Record<Seat, ReviewRecord>>;
  const ranking = row.ranking as RankingRow[] | null;
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
  const base = (phase: CouncilPhase, voice: CouncilVoice) => ({ ...QUIET, invocationId: row.id, seq: 0, phase, seat: voice });
  const told = (voice: CouncilVoice, record: VoiceRecord): CouncilEventWire[] => {
    const start = { ...base(phaseOf(voice), voice), ...identityFields(voice, record) };
    return [
      start,
      ...(record.text ? [{ ...start, delta: record.text }] : []),
      { ...base(phaseOf(voice), voice), ...endFields(voice, record), last: voice === "synthesis" },
    ];
  };
  const seated = seatedSeats(row);
  const seats = seated.flatMap((seat) => {
    const record = answers[seat] ?? (unfinishedReason ? interrupted(seat) : undefined);
    return record ? told(seat, record) : [];
  });
  const reviewed = SEATS.flatMap((seat) => (reviews[seat] ? [{ ...base("review", seat), ...reviewFields(reviews[seat]) }] : []));
  const totals = ranking ? [{ ...base("ranking", "synthesis"), mode: null, model: null, chair: null, done: true, ranking }] : [];
  const chair = synthesis ?? (unfinishedReason ? { ...interrupted(row.chair ?? seated[0]!), fallbacks: [] } : null);
  return [...seats, ...reviewed, ...totals, ...(chair ? told("synthesis", chair) : [])];
}

/** An event as a stream keeps it: without its invocation (the stream's name) and the fields left at their defaults. */
export function packEvent(event: CouncilEventWire): Partial<CouncilEventWire> {
  const quiet: Record<string, unknown> = QUIET;
  return Object.fromEntries(Object.entries(event).filter(([field, value]) => field !== "invocationId" && !(field in quiet && quiet[field] === value)));
}

/** A stream's entry as the event it was. */
export function unpackEvent(invocationId: string, packed: Partial<CouncilEventWire>): CouncilEventWire {
  return { ...QUIET, invocationId, ...packed } as CouncilEventWire;
}

/** The voices (and reviews) a follower has been told of: begun, and ended. */
export class Told {
  readonly #begun = new Set<string>();
  readonly #ended = new Set<string>();

  note(event: CouncilEventWire): void {
    (event.done ? this.#ended : this.#begun).add(voiceKey(event.phase, event.seat));
  }

  /**
   * What the follower still lacks of a stored invocation: every voice it has not heard end, told
   * from the row, without the start and text of one it heard begin (the row's end carries the
   * whole text, which settles what it heard).
   */
  rest(row: CouncilInvocation, unfinishedReason?: string): CouncilEventWire[] {
    return eventsFromRow(row, unfinishedReason).filter((event) => {
      const key = voiceKey(event.phase, event.seat);
      return !this.#ended.has(key) && (event.done || !this.#begun.has(key));
    });
  }
}
