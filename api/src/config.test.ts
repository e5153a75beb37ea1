// The minds' configuration: each seat from its key, base URL and model (or bound to another
// server), limits from the environment, and keys that cannot be printed by accident.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the minds' configuration", () => {
  it("leaves every seat to the oracle without keys, with the default models and limits", () => {
    const { minds } = loadConfig({});
    expect(Object.values(minds.seats).map((seat) => seat.apiKey)).toEqual([undefined, undefined, undefined, undefined]);
    expect(Object.fromEntries(Object.entries(minds.seats).map(([seat, s]) => [seat, s.model]))).toEqual({
      gemini: "gemini-2.5-flash",
      claude: "claude-sonnet-4-5",
      perplexity: "sonar",
      deepseek: "deepseek-chat",
    });
    expect(minds).toMatchObject({ timeoutMs: 60_000, retryDelayMs: 500, concurrency: 4, maxOutputTokens: 1024, oraclePaceMs: 25, chair: "claude" });
  });

  it("reads each seat's key, base URL and model, and Google's own key name for gemini", () => {
    const { minds } = loadConfig({
      GOOGLE_GENERATIVE_AI_API_KEY: "g-key-0123456789abcdef",
      GEMINI_MODEL: "gemini-2.5-pro",
      ANTHROPIC_API_KEY: " a-key-0123456789abcdef ",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9999/v1",
      DEEPSEEK_API_KEY: "",
      MINDS_TIMEOUT_MS: "250",
      MINDS_CONCURRENCY: "2",
      COUNCIL_CHAIR: "gemini",
    });
    expect(minds.seats.gemini.apiKey?.reveal()).toBe("g-key-0123456789abcdef");
    expect(minds.seats.gemini.model).toBe("gemini-2.5-pro");
    expect(minds.seats.claude).toMatchObject({ baseURL: "http://127.0.0.1:9999/v1", model: "claude-sonnet-4-5" });
    expect(minds.seats.claude.apiKey?.reveal()).toBe("a-key-0123456789abcdef");
    expect(minds.seats.deepseek.apiKey).toBeUndefined();
    expect(minds).toMatchObject({ timeoutMs: 250, concurrency: 2, chair: "gemini" });
    // GEMINI_API_KEY wins over Google's name when both are set.
    expect(loadConfig({ GEMINI_API_KEY: "first-0123456789", GOOGLE_GENERATIVE_AI_API_KEY: "second-0123456789" }).minds.seats.gemini.apiKey?.reveal()).toBe(
      "first-0123456789",
    );
  });

  it("refuses a base URL that is not http(s) and a chair that is not a seat", () => {
    expect(() => loadConfig({ PERPLEXITY_BASE_URL: "ftp://example.org" })).toThrow(/PERPLEXITY_BASE_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ COUNCIL_CHAIR: "oracle" })).toThrow(/COUNCIL_CHAIR/);
    expect(() => loadConfig({ MINDS_CONCURRENCY: "0" })).toThrow(/MINDS_CONCURRENCY/);
  });

  it("binds a seat to an OpenAI-compatible server by its provider, base URL and model, with no key needed", () => {
    const { minds } = loadConfig({
      CLAUDE_PROVIDER: "openai-compatible",
      CLAUDE_BASE_URL: "http://localhost:11434/v1",
      CLAUDE_MODEL: "llama3.2",
      // The seat's own provider's settings are not for the server it is bound to.
      ANTHROPIC_API_KEY: "sk-ant-0123456789abcdef",
      ANTHROPIC_BASE_URL: "https://anthropic.example/v1",
    });
    expect(minds.seats.claude).toEqual({ apiKey: undefined, baseURL: "http://localhost:11434/v1", model: "llama3.2", binding: "openai_compatible" });
    // The others keep their own providers.
    expect(minds.seats.gemini).toEqual({ apiKey: undefined, baseURL: undefined, model: "gemini-2.5-flash" });
    const keyed = loadConfig({
      DEEPSEEK_PROVIDER: "openai_compatible",
      DEEPSEEK_BASE_URL: "http://vllm:8000/v1",
      DEEPSEEK_MODEL: "qwen2.5",
      OPENAI_COMPATIBLE_API_KEY: "shared-0123456789",
      DEEPSEEK_API_KEY: "sk-deepseek-0123456789",
    });
    expect(keyed.minds.seats.deepseek.apiKey?.reveal()).toBe("shared-0123456789");
    const own = loadConfig({
      DEEPSEEK_PROVIDER: "openai-compatible",
      DEEPSEEK_BASE_URL: "http://vllm:8000/v1",
      DEEPSEEK_MODEL: "qwen2.5",
      OPENAI_COMPATIBLE_API_KEY: "shared-0123456789",
      DEEPSEEK_OPENAI_COMPATIBLE_API_KEY: "own-0123456789",
    });
    expect(own.minds.seats.deepseek.apiKey?.reveal()).toBe("own-0123456789");
  });

  it("runs the whole Council on one local Ollama", () => {
    const env: Record<string, string> = {};
    for (const name of ["GEMINI", "CLAUDE", "PERPLEXITY", "DEEPSEEK"]) {
      Object.assign(env, { [`${name}_PROVIDER`]: "openai-compatible", [`${name}_BASE_URL`]: "http://127.0.0.1:11434/v1/", [`${name}_MODEL`]: "llama3.2" });
    }
    const { minds } = loadConfig(env);
    expect(Object.values(minds.seats)).toEqual(
      Array(4).fill({ apiKey: undefined, baseURL: "http://127.0.0.1:11434/v1/", model: "llama3.2", binding: "openai_compatible" }),
    );
  });

  it("binds a seat to OpenRouter with OpenRouter's key, asking for the seat's own model there unless told otherwise", () => {
    const { minds } = loadConfig({
      GEMINI_PROVIDER: "openrouter",
      CLAUDE_PROVIDER: "OpenRouter",
      CLAUDE_MODEL: "openrouter/auto",
      OPENROUTER_API_KEY: "sk-or-shared-0123456789",
      GEMINI_API_KEY: "g-key-0123456789",
      CLAUDE_OPENROUTER_API_KEY: "sk-or-claude-0123456789",
    });
    expect(minds.seats.gemini).toMatchObject({ baseURL: undefined, model: "google/gemini-2.5-flash", binding: "openrouter" });
    expect(minds.seats.gemini.apiKey?.reveal()).toBe("sk-or-shared-0123456789");
    expect(minds.seats.claude).toMatchObject({ model: "openrouter/auto", binding: "openrouter" });
    expect(minds.seats.claude.apiKey?.reveal()).toBe("sk-or-claude-0123456789");
    // Naming the seat's own provider is the same as not binding it.
    expect(loadConfig({ PERPLEXITY_PROVIDER: "perplexity", CLAUDE_PROVIDER: "native", GEMINI_PROVIDER: "google" }).minds.seats).toEqual(
      loadConfig({}).minds.seats,
    );
    // CLAUDE_MODEL and CLAUDE_BASE_URL serve the seat at Anthropic too, before ANTHROPIC_*.
    expect(loadConfig({ CLAUDE_MODEL: "claude-opus-4-1", ANTHROPIC_MODEL: "claude-haiku-4-5" }).minds.seats.claude.model).toBe("claude-opus-4-1");
  });

  it("refuses a binding that cannot work, naming what is missing", () => {
    expect(() => loadConfig({ CLAUDE_PROVIDER: "openai-compatible", CLAUDE_MODEL: "llama3.2" })).toThrow(
      /CLAUDE_PROVIDER=openai-compatible needs CLAUDE_BASE_URL/,
    );
    expect(() => loadConfig({ CLAUDE_PROVIDER: "openai-compatible", CLAUDE_BASE_URL: "http://localhost:11434/v1" })).toThrow(
      /CLAUDE_PROVIDER=openai-compatible needs CLAUDE_MODEL/,
    );
    // Its own provider's key is never sent to OpenRouter.
    expect(() => loadConfig({ DEEPSEEK_PROVIDER: "openrouter", DEEPSEEK_API_KEY: "sk-deepseek-0123456789" })).toThrow(
      /DEEPSEEK_PROVIDER=openrouter needs OPENROUTER_API_KEY/,
    );
    expect(() => loadConfig({ GEMINI_PROVIDER: "anthropic" })).toThrow(/GEMINI_PROVIDER: expected one of native, google, openai-compatible, openrouter/);
    expect(() => loadConfig({ CLAUDE_BASE_URL: "localhost:11434" })).toThrow(/CLAUDE_BASE_URL: must be an http\(s\) URL/);
  });

  it("caps the minds' daily spend only when MINDS_DAILY_BUDGET_USD is an amount of dollars", () => {
    expect(loadConfig({}).mindsDailyBudgetUsd).toBeNull();
    expect(loadConfig({ MINDS_DAILY_BUDGET_USD: " " }).mindsDailyBudgetUsd).toBeNull();
    expect(loadConfig({ MINDS_DAILY_BUDGET_USD: "2.50" }).mindsDailyBudgetUsd).toBe(2.5);
    expect(loadConfig({ MINDS_DAILY_BUDGET_USD: "0" }).mindsDailyBudgetUsd).toBe(0);
    for (const wrong of ["-1", "five", "$5", "1e3"]) {
      expect(() => loadConfig({ MINDS_DAILY_BUDGET_USD: wrong }), wrong).toThrow(/MINDS_DAILY_BUDGET_USD: must be an amount of US dollars/);
    }
  });

  it("never prints a key, however the configuration is logged", () => {
    const config = loadConfig({ ANTHROPIC_API_KEY: "sk-ant-secret-0123456789abcdef" });
    for (const printed of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      String(config.minds.seats.claude.apiKey),
      `${String(config.minds.seats.claude.apiKey)}`,
    ]) {
      expect(printed).not.toContain("secret-0123456789");
    }
    expect(JSON.stringify(config.minds.seats.claude)).toContain("[redacted]");
  });
});

describe("the signing key", () => {
  it("is required in production with a database server, and refused when short enough to guess", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/nomina" })).toThrow(
      "JWT_SECRET is required in production with DATABASE_URL",
    );
    expect(() => loadConfig({ JWT_SECRET: "x" })).toThrow("JWT_SECRET must be at least 32 characters");
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/nomina", JWT_SECRET: "k".repeat(32) }).jwtSecret).toBe("k".repeat(32));
  });
});
