// Local stand-ins for the four providers, each speaking its own streaming wire format over
// real HTTP: Gemini's streamGenerateContent?alt=sse, Anthropic's Messages SSE events, and the
// OpenAI-style chat completions SSE of Perplexity and DeepSeek. Tests and benchmarks point
// each seat's base URL here and script how every request is answered. Two more stand in for
// what a seat may be bound to instead: an OpenAI-compatible server as Ollama speaks it (the
// chat completions SSE, the model's full tag in each chunk, usage in a last chunk of its own)
// and OpenRouter (its `: OPENROUTER PROCESSING` comment lines, the upstream model and provider
// in each chunk, usage with the cost it charged).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Secret } from "../src/minds/secret.ts";
import { type Turn } from "../src/minds/character.ts";
import { SEAT_PROVIDER, SEATS, type MindProvider, type Seat, type SeatBinding } from "../src/minds/identity.ts";
import { type SeatSettings } from "../src/minds/settings.ts";

/** A provider that speaks over the wire: every one but the oracle. */
export type WireName = Exclude<MindProvider, "oracle">;

export type RecordedRequest = {
  seat: Seat;
  /** Whose wire the request came in on: the seat's own provider's, or where the seat is bound. */
  provider: WireName;
  path: string;
  /** The key the request carried, from the provider's own header. */
  key: string | undefined;
  model: string;
  system: string;
  /** The message asked about: the last of the asker's turns. */
  prompt: string;
  /** Every turn the request carried, oldest first: the conversation so far, then the prompt. */
  turns: Turn[];
  body: Record<string, unknown>;
  /** performance.now() when the request arrived, and when its first token was written. */
  receivedAt: number;
  firstTokenAt?: number;
  /** True when the caller hung up before the answer was complete (the provider saw the cancellation). */
  cancelled?: boolean;
};

export type Script = {
  tokens?: string[];
  /** Wait before the first token (after the response headers). */
  delayMs?: number;
  /** Wait between tokens. */
  intervalMs?: number;
  /** Wait for this before token number `gateAt` (the first by default): a test holds the stream open. */
  gate?: Promise<unknown>;
  gateAt?: number;
  /** Answer with this error status instead of a stream (after `gate`, when one is given). */
  status?: number;
  /** Put the received key in the error message, as some providers do. */
  echoKey?: boolean;
  /** Never answer ("silent": not even headers) or stop after this many tokens. */
  stall?: "silent" | number;
  /**
   * The model the server says answered, in its chunks. By default the one asked for, except that
   * the OpenAI-compatible stand-in adds Ollama's ":latest" tag to a name without one, and
   * OpenRouter's "openrouter/auto" names the model it routed to.
   */
  model?: string;
  /** The cost OpenRouter reports in its usage, in US dollars; null: none reported. */
  costUsd?: number | null;
};

type Scripter = Script | ((request: RecordedRequest, index: number) => Script);

const PREFIX: Record<Seat, string> = { gemini: "/gemini/v1beta", claude: "/anthropic/v1", perplexity: "/perplexity", deepseek: "/deepseek" };
/** Where each seat's bound servers are: a path per seat, so requests say which seat sent them. */
const BOUND_PREFIX: Record<SeatBinding, (seat: Seat) => string> = {
  openai_compatible: (seat) => `/openai-compatible/${seat}/v1`,
  openrouter: (seat) => `/openrouter/${seat}/api/v1`,
};

/** The model OpenRouter's stand-in routes "openrouter/auto" to. */
export const OPENROUTER_AUTO_MODEL = "anthropic/claude-sonnet-4.5";
/** What OpenRouter's stand-in charges by default, per token in and out, in US dollars. */
export const OPENROUTER_PRICE = { input: 0.000003, output: 0.000015 };

function servedModel(request: RecordedRequest, script: Script): string {
  if (script.model) return script.model;
  if (request.provider === "openai_compatible" && !request.model.includes(":")) return `${request.model}:latest`;
  if (request.provider === "openrouter" && request.model === "openrouter/auto") return OPENROUTER_AUTO_MODEL;
  return request.model;
}

/** The seat and wire of a request, from its path. */
function routeOf(url: string): { seat: Seat; provider: WireName } | undefined {
  for (const seat of SEATS) {
    if (url.startsWith(PREFIX[seat])) return { seat, provider: SEAT_PROVIDER[seat] };
    for (const binding of ["openai_compatible", "openrouter"] as const) {
      if (url.startsWith(`${BOUND_PREFIX[binding](seat)}/`)) return { seat, provider: binding };
    }
  }
  return undefined;
}

export type FakeProviders = {
  baseUrls: Record<Seat, string>;
  /** The base URL of the server `seat` is bound to: an OpenAI-compatible one, or OpenRouter. */
  boundUrl(seat: Seat, binding: SeatBinding): string;
  /** Settings binding `seat` there, asking for `model`; `key` null for a server that needs none. */
  bound(seat: Seat, binding: SeatBinding, model: string, key?: string | null): SeatSettings;
  requests: RecordedRequest[];
  /** How `seat` answers from now on (a function sees each request and its index for that seat). */
  script(seat: Seat, scripter: Scripter): void;
  /** Forgets the requests, their counts and every script. */
  reset(): void;
  /** Seat settings pointing at these servers, each with its own key. */
  seats(keys?: Partial<Record<Seat, string>>, models?: Partial<Record<Seat, string>>): Record<Seat, SeatSettings>;
  close(): Promise<void>;
};

export const isChairRequest = (request: RecordedRequest) => request.system.includes("You chair the Council");

export function defaultTokens(request: RecordedRequest): string[] {
  const head = isChairRequest(request) ? `${request.seat} speaks the synthesis:` : `${request.seat} answers:`;
  return `${head} ${request.prompt.split(/\s+/).slice(0, 12).join(" ")}`.split(/(?<= )/);
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const scripts = new Map<Seat, Scripter>();
  const counts = new Map<Seat, number>();
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const route = routeOf(req.url ?? "");
      if (!route) return void res.writeHead(404).end();
      const { seat } = route;
      const request = parseRequest(route, req, JSON.parse(raw || "{}") as Record<string, unknown>);
      requests.push(request);
      res.once("close", () => {
        if (!res.writableFinished) request.cancelled = true;
      });
      const index = counts.get(seat) ?? 0;
      counts.set(seat, index + 1);
      const scripter = scripts.get(seat) ?? {};
      void answer(res, request, typeof scripter === "function" ? scripter(request, index) : scripter);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrls = Object.fromEntries(SEATS.map((seat) => [seat, `${origin}${PREFIX[seat]}`])) as Record<Seat, string>;
  const boundUrl = (seat: Seat, binding: SeatBinding) => `${origin}${BOUND_PREFIX[binding](seat)}`;
  return {
    baseUrls,
    boundUrl,
    bound: (seat, binding, model, key) => ({
      apiKey: key === null ? undefined : new Secret(key ?? `sk-test-${randomBytes(16).toString("hex")}`),
      baseURL: boundUrl(seat, binding),
      model,
      binding,
    }),
    requests,
    script: (seat, scripter) => void scripts.set(seat, scripter),
    reset() {
      requests.length = 0;
      counts.clear();
      scripts.clear();
    },
    seats: (keys = {}, models = {}) =>
      Object.fromEntries(
        SEATS.map((seat) => [
          seat,
          {
            apiKey: new Secret(keys[seat] ?? `sk-test-${randomBytes(16).toString("hex")}`),
            baseURL: baseUrls[seat],
            model: models[seat] ?? `${seat}-test-model`,
          },
        ]),
      ) as Record<Seat, SeatSettings>,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? "").join("") : "";

function parseRequest({ seat, provider }: { seat: Seat; provider: WireName }, req: http.IncomingMessage, body: Record<string, unknown>): RecordedRequest {
  const path = req.url ?? "";
  const base = { seat, provider, path, body, receivedAt: performance.now() };
  if (provider === "google") {
    const system = (body.systemInstruction as { parts?: { text: string }[] } | undefined)?.parts?.map((p) => p.text).join("") ?? "";
    const contents = (body.contents as { role?: string; parts: { text: string }[] }[]) ?? [];
    const turns = contents.map((c): Turn => ({ role: c.role === "model" ? "agent" : "user", text: c.parts.map((p) => p.text).join("") }));
    const model = decodeURIComponent(/models\/([^:]+):/.exec(path)?.[1] ?? "");
    return { ...base, key: header(req, "x-goog-api-key"), model, system, prompt: lastAsked(turns), turns };
  }
  const messages = (body.messages as { role: string; content: unknown }[]) ?? [];
  const turns = messages.filter((m) => m.role !== "system").map((m): Turn => ({ role: m.role === "assistant" ? "agent" : "user", text: textOf(m.content) }));
  if (provider === "anthropic")
    return { ...base, key: header(req, "x-api-key"), model: String(body.model), system: textOf(body.system), prompt: lastAsked(turns), turns };
  // Every system message, as the provider reads them all (DeepSeek's JSON mode adds one of its own).
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => textOf(m.content))
    .join("\n");
  return { ...base, key: header(req, "authorization")?.replace(/^Bearer /, ""), model: String(body.model), system, prompt: lastAsked(turns), turns };
}

/** The message the request asks about: the last of the asker's turns. */
const lastAsked = (turns: Turn[]) => turns.findLast((turn) => turn.role === "user")?.text ?? "";

const header = (req: http.IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function answer(res: http.ServerResponse, request: RecordedRequest, script: Script) {
  if (script.stall === "silent") return; // the connection stays open, unanswered
  if (script.status) {
    if (script.gate) await script.gate;
    const message = `the ${request.seat} stand-in failed on purpose${script.echoKey ? ` (key ${request.key})` : ""}`;
    res.writeHead(script.status, { "content-type": "application/json" }).end(JSON.stringify(errorBody(request.provider, script.status, message)));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  const tokens = script.tokens ?? defaultTokens(request);
  const wire = WIRES[request.provider];
  const input = inputTokens(request);
  const costUsd = script.costUsd === undefined ? input * OPENROUTER_PRICE.input + tokens.length * OPENROUTER_PRICE.output : script.costUsd;
  const answer = { model: servedModel(request, script), usage: { input, output: tokens.length }, costUsd };
  res.write(wire.open(request, answer));
  if (script.delayMs) {
    // OpenRouter keeps a waiting connection alive with comment lines, which clients must skip.
    if (request.provider === "openrouter") res.write(": OPENROUTER PROCESSING\n\n");
    await sleep(script.delayMs);
  }
  for (const [index, token] of tokens.entries()) {
    if (script.gate && index === (script.gateAt ?? 0)) await script.gate;
    if (typeof script.stall === "number" && index >= script.stall) return;
    if (index > 0 && script.intervalMs) await sleep(script.intervalMs);
    if (res.destroyed) return;
    request.firstTokenAt ??= performance.now();
    res.write(wire.token(request, answer, token));
  }
  if (typeof script.stall === "number") return;
  res.end(wire.close(request, answer));
}

function errorBody(provider: WireName, status: number, message: string) {
  switch (provider) {
    case "google":
      return { error: { code: status, message, status: status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT" } };
    case "anthropic":
      return { type: "error", error: { type: status >= 500 ? "api_error" : "invalid_request_error", message } };
    case "perplexity":
      return { error: { code: status, message, type: "server_error" } };
    case "openrouter":
      return { error: { code: status, message, metadata: { provider_name: "Anthropic" } } };
    default:
      return { error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", code: status } };
  }
}

/** A stand-in's token count: words, which is what the tests compare against. */
export const inputTokens = (request: RecordedRequest) => `${request.system} ${request.prompt}`.split(/\s+/).length;

/** What the stand-in answers with: the model it says answered, the usage, OpenRouter's cost. */
type Answer = { model: string; usage: { input: number; output: number }; costUsd: number | null };

type Wire = {
  open(request: RecordedRequest, answer: Answer): string;
  token(request: RecordedRequest, answer: Answer, text: string): string;
  close(request: RecordedRequest, answer: Answer): string;
};

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

const chunk = (model: string, choice: Record<string, unknown>) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1_760_000_000,
  model,
  choices: [{ index: 0, ...choice }],
});

const openAi: Wire = {
  open: (r) => sse(chunk(r.model, { delta: { role: "assistant", content: "" }, finish_reason: null })),
  token: (r, _a, text) => sse(chunk(r.model, { delta: { content: text }, finish_reason: null })),
  close: (r, { usage }) =>
    sse({
      ...chunk(r.model, { delta: {}, finish_reason: "stop" }),
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    }) + "data: [DONE]\n\n",
};

/** Ollama's /v1/chat/completions: each chunk names the model by its full tag; usage comes last, alone. */
const openAiCompatible: Wire = {
  open: (_r, a) => sse({ ...chunk(a.model, { delta: { role: "assistant", content: "" }, finish_reason: null }), system_fingerprint: "fp_ollama" }),
  token: (_r, a, text) => sse({ ...chunk(a.model, { delta: { role: "assistant", content: text }, finish_reason: null }), system_fingerprint: "fp_ollama" }),
  close: (_r, { model, usage }) =>
    sse({ ...chunk(model, { delta: { role: "assistant", content: "" }, finish_reason: "stop" }), system_fingerprint: "fp_ollama" }) +
    sse({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1_760_000_000,
      model,
      system_fingerprint: "fp_ollama",
      choices: [],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    }) +
    "data: [DONE]\n\n",
};

/** OpenRouter: comment lines while it routes, the upstream model and provider in every chunk, usage with cost. */
const openRouter: Wire = {
  open: (_r, a) => ": OPENROUTER PROCESSING\n\n" + sse({ ...orChunk(a, { delta: { role: "assistant", content: "" }, finish_reason: null }) }),
  token: (_r, a, text) => sse(orChunk(a, { delta: { role: "assistant", content: text }, finish_reason: null })),
  close: (_r, a) =>
    sse(orChunk(a, { delta: { role: "assistant", content: "" }, finish_reason: "stop", native_finish_reason: "end_turn" })) +
    sse({
      ...orChunk(a, null),
      usage: {
        prompt_tokens: a.usage.input,
        completion_tokens: a.usage.output,
        total_tokens: a.usage.input + a.usage.output,
        ...(a.costUsd === null ? {} : { cost: a.costUsd, is_byok: false, cost_details: { upstream_inference_cost: null } }),
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    }) +
    "data: [DONE]\n\n",
};

function orChunk(a: Answer, choice: Record<string, unknown> | null) {
  return {
    id: "gen-1760000000-stand1n",
    provider: "Anthropic",
    model: a.model,
    object: "chat.completion.chunk",
    created: 1_760_000_000,
    choices: choice ? [{ index: 0, logprobs: null, native_finish_reason: null, ...choice }] : [],
  };
}

const WIRES: Record<WireName, Wire> = {
  google: {
    open: () => "",
    token: (r, _a, text) => sse({ candidates: [{ content: { parts: [{ text }], role: "model" }, index: 0 }], modelVersion: r.model }),
    close: (r, { usage }) =>
      sse({
        candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
        modelVersion: r.model,
      }),
  },
  anthropic: {
    open: (r) =>
      sse(
        {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: r.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: inputTokens(r), output_tokens: 1 },
          },
        },
        "message_start",
      ) +
      sse({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }, "content_block_start") +
      sse({ type: "ping" }, "ping"),
    token: (_r, _a, text) => sse({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }, "content_block_delta"),
    close: (_r, { usage }) =>
      sse({ type: "content_block_stop", index: 0 }, "content_block_stop") +
      sse(
        { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { input_tokens: usage.input, output_tokens: usage.output } },
        "message_delta",
      ) +
      sse({ type: "message_stop" }, "message_stop"),
  },
  perplexity: openAi,
  deepseek: openAi,
  openai_compatible: openAiCompatible,
  openrouter: openRouter,
};
