// Each seat's provider through the AI SDK, configured by its own key, base URL and model, so a
// seat can also point at any server that speaks that provider's API. A seat may instead be bound
// to any OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp's server) or to OpenRouter:
// it keeps its name in the product, and its answers say which model really spoke.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createDeepSeek } from "@ai-sdk/deepseek";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createPerplexity } from "@ai-sdk/perplexity";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import type { LanguageModel } from "ai";
import { SEAT_PROVIDER, type MindProvider, type Seat } from "../identity.ts";
import { type SeatSettings } from "../settings.ts";

/** The provider a seat's model answers through: where it is bound, or its own. */
export const providerOfSeat = (seat: Seat, settings: Pick<SeatSettings, "binding">): MindProvider => settings.binding ?? SEAT_PROVIDER[seat];

/**
 * Whether the seat speaks through a model rather than the oracle: it has a key, or it is bound to
 * an OpenAI-compatible server, which may need none (a local Ollama asks for no key).
 */
export const speaksThroughModel = (settings: SeatSettings): boolean => settings.apiKey !== undefined || settings.binding === "openai_compatible";

export function languageModel(seat: Seat, { apiKey, baseURL, model, binding }: SeatSettings): LanguageModel {
  // The key is revealed here only, into the provider's own request headers.
  const key = apiKey?.reveal();
  const base = baseURL?.replace(/\/+$/, "");
  if (binding === "openai_compatible") {
    if (!base) throw new Error(`The ${seat} seat is bound to an OpenAI-compatible server without a base URL`);
    // Usage is asked for in the stream (stream_options), and structured output as a JSON schema:
    // Ollama, LM Studio, vLLM and llama.cpp's server all honour both.
    return createOpenAICompatible({
      name: "openai-compatible",
      baseURL: base,
      ...(key ? { apiKey: key } : {}),
      includeUsage: true,
      supportsStructuredOutputs: true,
    })(model);
  }
  // Without a key a seat is never given a model (createMinds), and no provider may read one from
  // the environment on its own.
  if (key === undefined) throw new Error(`The ${seat} seat has no key for its provider`);
  if (binding === "openrouter") {
    // Strict mode asks for usage in the stream; `usage.include` for the cost OpenRouter charged.
    return createOpenRouter({ apiKey: key, ...(base ? { baseURL: base } : {}), compatibility: "strict", appName: "Nomina" }).chat(model, {
      usage: { include: true },
    });
  }
  const settings = { apiKey: key, ...(base ? { baseURL: base } : {}) };
  switch (seat) {
    case "gemini":
      return createGoogleGenerativeAI(settings)(model);
    case "claude":
      return createAnthropic(settings)(model);
    case "perplexity":
      return createPerplexity(settings)(model);
    case "deepseek":
      return createDeepSeek(settings)(model);
  }
}
