// What an answer is estimated to cost, in US dollars. Prices are the providers' published list
// prices per million tokens for each seat's default model (standard tier, text, no caching),
// as read from their pricing pages in late 2025; a model outside this table has no estimate
// (null) rather than a wrong one. Estimates only: the providers' invoices are the truth.
// A seat bound elsewhere (minds/seats/providers.ts): OpenRouter reports what each answer cost,
// and that figure is used; a model on an OpenAI-compatible server that the table does not list
// is taken to be a local one (Ollama, LM Studio, vLLM, llama.cpp) and costs nothing.
import type { MindProvider, Seat, TokenUsage } from "./identity.ts";

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

/** DEFAULT_MODELS as OpenRouter names them: a seat bound to OpenRouter asks for its own model there. */
export const OPENROUTER_DEFAULT_MODELS: Record<Seat, string> = {
  gemini: "google/gemini-2.5-flash",
  claude: "anthropic/claude-sonnet-4.5",
  perplexity: "perplexity/sonar",
  deepseek: "deepseek/deepseek-chat",
};

// Micro-dollars are precision enough, and keep stored figures short.
const toMicros = (dollars: number) => Math.round(dollars * 1_000_000) / 1_000_000;

export function estimateCost(model: string, usage: TokenUsage): number | null {
  const price = PRICES[model];
  if (!price) return null;
  return toMicros((usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000 + (price.perRequest ?? 0));
}

/**
 * What one call cost (or, before it is made, will cost): the oracle nothing; OpenRouter what it
 * reported; otherwise the list price of the model that answered, or of the one configured (a
 * provider may answer with a dated version of the name asked for); a model on an
 * OpenAI-compatible server that the table does not list nothing; anything else is unknown.
 */
export function callCost(provider: MindProvider, models: { configured: string; answered?: string }, usage: TokenUsage, reportedUsd?: number): number | null {
  if (provider === "oracle") return 0;
  if (provider === "openrouter" && reportedUsd !== undefined && Number.isFinite(reportedUsd) && reportedUsd >= 0) return toMicros(reportedUsd);
  const listed = (models.answered === undefined ? null : estimateCost(models.answered, usage)) ?? estimateCost(models.configured, usage);
  return listed ?? (provider === "openai_compatible" ? 0 : null);
}
