// What a seat reads of a conversation: the newest whole exchanges that fit its context budget.
// Older exchanges are never cut in the middle: they are left out, and the system prompt says so
// with a short summary of what was asked in them, so the agent knows the thread is longer.
import type { Turn } from "./character.ts";

/** A rough token count (about four characters a token for English text): budgets, not billing. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** How much room the summary of left-out exchanges may take, at most. */
const SUMMARY_TOKENS = 120;
/** The words of each left-out question that the summary quotes. */
const QUOTED_WORDS = 12;

export type FittedContext = {
  /** The turns kept, oldest first: whole exchanges only. */
  turns: Turn[];
  /** How many earlier exchanges were left out. */
  omitted: number;
  /** A line for the system prompt naming what the left-out exchanges asked, or null. */
  summary: string | null;
};

/** Groups turns into exchanges: a user's turn with the answer that follows it. */
function exchanges(turns: readonly Turn[]): Turn[][] {
  const groups: Turn[][] = [];
  for (const turn of turns) {
    if (turn.role === "user" || groups.length === 0) groups.push([turn]);
    else groups.at(-1)!.push(turn);
  }
  return groups;
}

/** The first words of a question, marked as quoted in part when it goes on. */
function quote(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > QUOTED_WORDS ? `"${words.slice(0, QUOTED_WORDS).join(" ")}..."` : `"${words.join(" ")}"`;
}

/**
 * The newest exchanges whose turns fit in `budget` tokens, and a summary of the rest.
 * `earlier` counts exchanges older than `turns` that were not even read (a long thread).
 */
export function fitContext(turns: readonly Turn[], budget: number, earlier = 0): FittedContext {
  const groups = exchanges(turns);
  const kept: Turn[][] = [];
  let used = 0;
  for (let i = groups.length - 1; i >= 0; i--) {
    const cost = groups[i]!.reduce((sum, turn) => sum + estimateTokens(turn.text) + 4, 0);
    if (used + cost > budget) break;
    kept.unshift(groups[i]!);
    used += cost;
  }
  const dropped = groups.slice(0, groups.length - kept.length);
  const omitted = dropped.length + earlier;
  return { turns: kept.flat(), omitted, summary: omitted > 0 ? summarise(dropped, omitted) : null };
}

function summarise(dropped: Turn[][], omitted: number): string {
  const head = `This conversation began earlier: ${omitted} older ${omitted === 1 ? "exchange is" : "exchanges are"} not repeated here.`;
  const questions: string[] = [];
  let room = SUMMARY_TOKENS;
  // The most recent left-out questions say the most about where the thread stands.
  for (const [question] of [...dropped].reverse()) {
    if (!question || question.role !== "user") continue;
    const quoted = quote(question.text);
    if (estimateTokens(quoted) > room) break;
    questions.unshift(quoted);
    room -= estimateTokens(quoted);
  }
  return questions.length ? `${head} Among them, the visitor asked: ${questions.join("; ")}.` : head;
}
