// How the graph labels what the minds answered (which mind, from where, and why the oracle spoke),
// for every domain whose types carry an answer: whispers, conversations, the Council, usage.
import { builder } from "./builder.ts";
import { GLYPH_TYPES, MIND_PROVIDERS, ORACLE_REASONS, type OracleReason } from "../minds/identity.ts";

export const GlyphTypeEnum = builder.enumType("GlyphType", { values: GLYPH_TYPES });

export const MindModeEnum = builder.enumType("MindMode", {
  description: "model: a provider answered; oracle: the built-in offline oracle did.",
  values: ["model", "oracle"] as const,
});

export const MindProviderEnum = builder.enumType("MindProvider", {
  description:
    "Whose answer it was: the seat's own provider, the OpenAI-compatible server (openai_compatible) or OpenRouter the seat is bound to instead, or oracle for the built-in offline oracle.",
  values: MIND_PROVIDERS,
});

export const OracleReasonEnum = builder.enumType("OracleReason", {
  description:
    "Why the oracle answered for a seat that has a key. budget: the minds' spending cap for the day (MINDS_DAILY_BUDGET_USD) was reached, and the seat's model returns at midnight UTC; ledger: the day's spending could not be checked, so no model was called.",
  values: ORACLE_REASONS,
});

/** A stored reason (a text column, so any string may come), as the graph's enum. */
export const oracleReasonOf = (value: string | null | undefined): OracleReason | null => ORACLE_REASONS.find((reason) => reason === value) ?? null;
