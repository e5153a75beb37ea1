// Why the offline oracle answered for a seat that has a key, and how a card says so. The server
// records the reason with each answer; the browser words it.

/**
 * `budget`: the day's spending cap for the minds (MINDS_DAILY_BUDGET_USD) was reached;
 * `ledger`: the day's spend could not be counted, so no model was called.
 */
export const ORACLE_REASONS = ["budget", "ledger"] as const;
export type OracleReason = (typeof ORACLE_REASONS)[number];

/** What a card says under an answer the oracle gave for one of these reasons. */
export const ORACLE_REASON_TEXT: Record<OracleReason, string> = {
  budget: "The minds' budget for today is spent: the oracle answers until midnight UTC.",
  ledger: "The minds' spending could not be checked just now, so the oracle answered.",
};

/** The sentence for a reason as the graph or a record carries it (any string may come). */
export const oracleReasonText = (reason: string | null | undefined): string | null =>
  reason === "budget" || reason === "ledger" ? ORACLE_REASON_TEXT[reason] : null;
