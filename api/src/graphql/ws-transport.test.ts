// A WebSocket client that vanishes mid-answer (its TCP connection cut, no close frame) is an
// ordinary event: the server stops the seat, logs nothing at error level, and keeps serving.
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { capturedLogger, settingsFor } from "../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../test/providers.ts";

let app: TestApp;
let providers: FakeProviders;
const logged = capturedLogger();
const levels = () => logged.lines.map((line) => JSON.parse(line) as { level: number; msg: string });

beforeAll(async () => {
  providers = await startFakeProviders();
  app = await startTestApp("pglite", { minds: settingsFor(providers, ["gemini"], { timeoutMs: 5_000 }), logger: logged.log });
});
afterAll(async () => {
  await app.stop();
  await providers.close();
});

/** Opens a graphql-ws socket by hand and subscribes: the test owns the connection itself. */
async function subscribeRaw(agentId: string): Promise<{ socket: WebSocket; firstDelta: Promise<void> }> {
  const socket = new WebSocket(`${app.url.replace("http", "ws")}/graphql`, "graphql-transport-ws");
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const firstDelta = new Promise<void>((resolve) => {
    socket.on("message", (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: { data?: { agentInvocation?: { delta: string } } } };
      if (message.type === "connection_ack") {
        const query = "subscription ($input: InvokeAgentInput!) { agentInvocation(input: $input) { delta done } }";
        socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query, variables: { input: { agentId, message: "Speak at length." } } } }));
      }
      if (message.payload?.data?.agentInvocation?.delta) resolve();
    });
  });
  socket.send(JSON.stringify({ type: "connection_init", payload: {} }));
  return { socket, firstDelta };
}

it("lets a client vanish mid-answer: the seat's call is cancelled, nothing is logged as a fault, the server serves on", async () => {
  const agent = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The stand-in speaks one word, then holds the stream open until the client has gone.
  providers.script("gemini", { tokens: ["The ", "void ", "listens ", "long."], gate: held, gateAt: 1 });
  const { socket, firstDelta } = await subscribeRaw(agent.id);
  await firstDelta;

  socket.terminate(); // the TCP connection is cut: no close frame, no complete

  // The server notices (the socket's close), stops the operation, and the seat's call ends cancelled.
  await expect.poll(() => levels().some((line) => line.msg === "a WebSocket connection closed")).toBe(true);
  await expect.poll(() => providers.requests.at(-1)?.cancelled).toBe(true);
  release();
  expect(levels().filter((line) => line.level >= 50)).toEqual([]);
  expect((await app.request("GET", "/healthz")).status).toBe(200);
  expect(await app.db.prisma.whisper.count({ where: { agentId: agent.id, truth: "Speak at length." } })).toBe(0);
});
