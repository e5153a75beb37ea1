// What a question to the Council is expected to cost, before it is asked: tokens estimated from
// the question and the session's context (about four characters a token), answers assumed at the
// length the prompts ask for, each model's list price from minds/pricing.ts. A seat that answers
// from the oracle costs nothing, and says so, and so does a local model on an OpenAI-compatible
// server; a model the price table does not list (OpenRouter's too: it reports a cost only once it
// has answered) has no estimate (null) rather than a wrong one.
import { estimateTokens, fitContext } from "../../minds/context.ts";
import { callCost } from "../../minds/pricing.ts";
import { type CouncilTurn } from "../../minds/council-records.ts";
import { SEAT_PROVIDER, type MindMode, type MindProvider, type Seat, type SeatIdentity } from "../../minds/identity.ts";

/** The instructions each call carries, as the prompts are written (minds/prompts.ts, review.ts). */
const SYSTEM_TOKENS = { answer: 90, review: 70, synthesis: 110 };
/** The prompts ask for at most 150 words an answer and 200 a synthesis; a ranking is a line. */
const OUTPUT_TOKENS = { answer: 200, review: 60, synthesis: 270 };

export type CallEstimate = {
  seat: Seat;
  mode: MindMode;
  provider: MindProvider;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
};

export type CouncilEstimate = {
  answers: CallEstimate[];
  reviews: CallEstimate[];
  synthesis: CallEstimate;
  /** Every call together; null when a model's price is unknown. */
  totalUsd: number | null;
};

function call(identity: SeatIdentity, inputTokens: number, outputTokens: number): CallEstimate {
  const provider = identity.mode === "oracle" ? "oracle" : (identity.provider ?? SEAT_PROVIDER[identity.seat]);
  const costUsd = callCost(provider, { configured: identity.model }, { inputTokens, outputTokens });
  return { seat: identity.seat, mode: identity.mode, provider, model: identity.model, inputTokens, outputTokens, costUsd };
}

export function estimateCouncil(input: {
  prompt: string;
  seats: readonly Seat[];
  chair: Seat;
  review: boolean;
  history: readonly CouncilTurn[];
  identity: (seat: Seat) => SeatIdentity;
  contextTokens: number;
}): CouncilEstimate {
  const turns = input.history.flatMap((turn) => [
    { role: "user" as const, text: turn.question },
    ...(turn.synthesis ? [{ role: "agent" as const, text: turn.synthesis }] : []),
  ]);
  const context = fitContext(turns, input.contextTokens).turns.reduce((sum, turn) => sum + estimateTokens(turn.text) + 4, 0);
  const question = estimateTokens(input.prompt);
  const answers = input.seats.map((seat) => call(input.identity(seat), SYSTEM_TOKENS.answer + context + question, OUTPUT_TOKENS.answer));
  const others = OUTPUT_TOKENS.answer * Math.max(0, input.seats.length - 1);
  const reviews =
    input.review && input.seats.length >= 2
      ? input.seats.map((seat) => call(input.identity(seat), SYSTEM_TOKENS.review + question + others, OUTPUT_TOKENS.review))
      : [];
  const synthesis = call(
    input.identity(input.chair),
    SYSTEM_TOKENS.synthesis + context + question + OUTPUT_TOKENS.answer * input.seats.length,
    OUTPUT_TOKENS.synthesis,
  );
  const costs = [...answers, ...reviews, synthesis].map((estimate) => estimate.costUsd);
  const totalUsd = costs.some((cost) => cost === null) ? null : Math.round(costs.reduce<number>((sum, cost) => sum + cost!, 0) * 1e6) / 1e6;
  return { answers, reviews, synthesis, totalUsd };
}
