// Each seat's provider through the AI SDK, configured by its own key, base URL and model, so a
// seat can also point at any server that speaks that provider's API.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createDeepSeek } from "@ai-sdk/deepseek";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createPerplexity } from "@ai-sdk/perplexity";
import type { LanguageModel } from "ai";
import type { Secret } from "../secret.ts";
import type { Seat } from "../types.ts";

type Connection = { apiKey: Secret; baseURL: string | undefined; model: string };

export function languageModel(seat: Seat, { apiKey, baseURL, model }: Connection): LanguageModel {
  // The key is revealed here only, into the provider's own request headers.
  const settings = { apiKey: apiKey.reveal(), ...(baseURL ? { baseURL: baseURL.replace(/\/+$/, "") } : {}) };
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
