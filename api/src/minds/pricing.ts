// What an answer is estimated to cost, in US dollars. Prices are the providers' published list
// prices per million tokens for each seat's default model (standard tier, text, no caching),
// as read from their pricing pages in late 2025; a model outside this table has no estimate
// (null) rather than a wrong one. Estimates only: the providers' invoices are the truth.
import type { Seat } from "./types.ts";

export const DEFAULT_MODELS: Record<Seat, string> = {
  gemini: "gemini-2.5-flash",
  claude: "claude-sonnet-4-5",
  perplexity: "sonar",
  deepseek: "deepseek-chat",
};

type Price = { inputPerMillion: number; outputPerMillion: number; perRequest?: number };

export const PRICES: Record<string, Price> = {
  // Google AI for Developers, Gemini API pricing, paid tier (prompts up to 200k tokens).
  "gemini-2.5-flash": { inputPerMillion: 0.3, outputPerMillion: 2.5 },
  // Anthropic, Claude Sonnet 4.5 (prompts up to 200k tokens).
  "claude-sonnet-4-5": { inputPerMillion: 3, outputPerMillion: 15 },
  // Perplexity Sonar: tokens plus a request fee of $5 per 1000 requests at low search context.
  sonar: { inputPerMillion: 1, outputPerMillion: 1, perRequest: 0.005 },
  // DeepSeek API, deepseek-chat (V3.2), cache-miss input.
  "deepseek-chat": { inputPerMillion: 0.28, outputPerMillion: 0.42 },
};

export function estimateCost(model: string, usage: { inputTokens: number; outputTokens: number }): number | null {
  const price = PRICES[model];
  if (!price) return null;
  const dollars =
    (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000 + (price.perRequest ?? 0);
  // Micro-dollars are precision enough, and keep stored figures short.
  return Math.round(dollars * 1_000_000) / 1_000_000;
}
