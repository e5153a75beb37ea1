// Local stand-ins for the four providers, each speaking its own streaming wire format over
// real HTTP: Gemini's streamGenerateContent?alt=sse, Anthropic's Messages SSE events, and the
// OpenAI-style chat completions SSE of Perplexity and DeepSeek. Tests and benchmarks point
// each seat's base URL here and script how every request is answered.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Secret } from "../src/minds/secret.ts";
import { SEATS, type Seat, type SeatSettings, type Turn } from "../src/minds/types.ts";

export type RecordedRequest = {
  seat: Seat;
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
  /** Answer with this error status instead of a stream. */
  status?: number;
  /** Put the received key in the error message, as some providers do. */
  echoKey?: boolean;
  /** Never answer ("silent": not even headers) or stop after this many tokens. */
  stall?: "silent" | number;
};

type Scripter = Script | ((request: RecordedRequest, index: number) => Script);

const PREFIX: Record<Seat, string> = { gemini: "/gemini/v1beta", claude: "/anthropic/v1", perplexity: "/perplexity", deepseek: "/deepseek" };

export type FakeProviders = {
  baseUrls: Record<Seat, string>;
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
      const seat = SEATS.find((s) => req.url?.startsWith(PREFIX[s]));
      if (!seat) return void res.writeHead(404).end();
      const request = parseRequest(seat, req, JSON.parse(raw || "{}") as Record<string, unknown>);
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
  return {
    baseUrls,
    requests,
    script: (seat, scripter) => void scripts.set(seat, scripter),
    reset() {
      requests.length = 0;
      counts.clear();
      scripts.clear();
    },
    seats: (keys = {}, models = {}) =>
      Object.fromEntries(
        SEATS.map((seat) => [seat, { apiKey: new Secret(keys[seat] ?? `sk-test-${randomBytes(16).toString("hex")}`), baseURL: baseUrls[seat], model: models[seat] ?? `${seat}-test-model` }]),
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

function parseRequest(seat: Seat, req: http.IncomingMessage, body: Record<string, unknown>): RecordedRequest {
  const path = req.url ?? "";
  const base = { seat, path, body, receivedAt: performance.now() };
  if (seat === "gemini") {
    const system = (body.systemInstruction as { parts?: { text: string }[] } | undefined)?.parts?.map((p) => p.text).join("") ?? "";
    const contents = (body.contents as { role?: string; parts: { text: string }[] }[]) ?? [];
    const turns = contents.map((c): Turn => ({ role: c.role === "model" ? "agent" : "user", text: c.parts.map((p) => p.text).join("") }));
    const model = decodeURIComponent(/models\/([^:]+):/.exec(path)?.[1] ?? "");
    return { ...base, key: header(req, "x-goog-api-key"), model, system, prompt: lastAsked(turns), turns };
  }
  const messages = (body.messages as { role: string; content: unknown }[]) ?? [];
  const turns = messages.filter((m) => m.role !== "system").map((m): Turn => ({ role: m.role === "assistant" ? "agent" : "user", text: textOf(m.content) }));
  if (seat === "claude") return { ...base, key: header(req, "x-api-key"), model: String(body.model), system: textOf(body.system), prompt: lastAsked(turns), turns };
  // Every system message, as the provider reads them all (DeepSeek's JSON mode adds one of its own).
  const system = messages.filter((m) => m.role === "system").map((m) => textOf(m.content)).join("\n");
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
    const message = `the ${request.seat} stand-in failed on purpose${script.echoKey ? ` (key ${request.key})` : ""}`;
    res.writeHead(script.status, { "content-type": "application/json" }).end(JSON.stringify(errorBody(request.seat, script.status, message)));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  const tokens = script.tokens ?? defaultTokens(request);
  const wire = WIRES[request.seat];
  const usage = { input: inputTokens(request), output: tokens.length };
  res.write(wire.open(request));
  if (script.delayMs) await sleep(script.delayMs);
  for (const [index, token] of tokens.entries()) {
    if (script.gate && index === (script.gateAt ?? 0)) await script.gate;
    if (typeof script.stall === "number" && index >= script.stall) return;
    if (index > 0 && script.intervalMs) await sleep(script.intervalMs);
    if (res.destroyed) return;
    request.firstTokenAt ??= performance.now();
    res.write(wire.token(request, token));
  }
  if (typeof script.stall === "number") return;
  res.end(wire.close(request, usage));
}

function errorBody(seat: Seat, status: number, message: string) {
  switch (seat) {
    case "gemini":
      return { error: { code: status, message, status: status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT" } };
    case "claude":
      return { type: "error", error: { type: status >= 500 ? "api_error" : "invalid_request_error", message } };
    case "perplexity":
      return { error: { code: status, message, type: "server_error" } };
    case "deepseek":
      return { error: { message, type: "server_error", code: status } };
  }
}

/** A stand-in's token count: words, which is what the tests compare against. */
export const inputTokens = (request: RecordedRequest) => `${request.system} ${request.prompt}`.split(/\s+/).length;

type Wire = {
  open(request: RecordedRequest): string;
  token(request: RecordedRequest, text: string): string;
  close(request: RecordedRequest, usage: { input: number; output: number }): string;
};

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

const openAi: Wire = {
  open: (r) => sse({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1_760_000_000, model: r.model, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }),
  token: (r, text) => sse({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1_760_000_000, model: r.model, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }),
  close: (r, usage) =>
    sse({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1_760_000_000,
      model: r.model,
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    }) + "data: [DONE]\n\n",
};

const WIRES: Record<Seat, Wire> = {
  gemini: {
    open: () => "",
    token: (r, text) => sse({ candidates: [{ content: { parts: [{ text }], role: "model" }, index: 0 }], modelVersion: r.model }),
    close: (r, usage) =>
      sse({
        candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
        modelVersion: r.model,
      }),
  },
  claude: {
    open: (r) =>
      sse(
        {
          type: "message_start",
          message: { id: "msg_1", type: "message", role: "assistant", model: r.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens(r), output_tokens: 1 } },
        },
        "message_start",
      ) +
      sse({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }, "content_block_start") +
      sse({ type: "ping" }, "ping"),
    token: (_r, text) => sse({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }, "content_block_delta"),
    close: (_r, usage) =>
      sse({ type: "content_block_stop", index: 0 }, "content_block_stop") +
      sse({ type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { input_tokens: usage.input, output_tokens: usage.output } }, "message_delta") +
      sse({ type: "message_stop" }, "message_stop"),
  },
  perplexity: openAi,
  deepseek: openAi,
};
