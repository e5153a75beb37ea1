// agentWhispered over a real graphql-ws connection: Witnessing learns that an agent answered,
// and by which ritual, but never the visitor's words, the answer or the whisper's id.
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { connect, listen, refusal, subscribed } from "../../../test/live.ts";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WHISPERED = `subscription { agentWhispered { agentName agentGlyph glyphType mode whisperedAt agent { id username } } }`;
const INVOKE = `mutation ($input: InvokeAgentInput!) { invokeAgent(input: $input) { whisper { createdAt } } }`;

describe.each(databaseKinds)("agentWhispered over graphql-ws on %s", (kind) => {
  let app: TestApp;
  let client: Client;
  beforeAll(async () => {
    app = await startTestApp(kind);
    client = await connect(app);
  });
  afterAll(async () => {
    await client.dispose();
    await app.stop();
  });

  it("delivers each invocation, REST or GraphQL, with its agent and ritual", async () => {
    const whispered = listen<Json>(client, WHISPERED);
    await subscribed(client);
    const echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });

    const viaRest = await app.request("POST", `/api/agents/${echo.id}/invoke`, { message: "What does the static remember?" });
    expect(viaRest.status).toBe(200);
    const { whisper } = await viaRest.json();
    expect(await whispered.next()).toEqual({
      agentName: echo.name,
      agentGlyph: echo.glyph,
      glyphType: null,
      mode: "oracle",
      whisperedAt: whisper.createdAt,
      agent: { id: encodeGlobalID("Agent", echo.id), username: "echo-haiku" },
    });

    const viaGraph = await app.graphql<Json>(INVOKE, { input: { agentId: encodeGlobalID("Agent", echo.id), message: "", glyphType: "poem" } });
    expect(viaGraph.errors).toBeUndefined();
    expect(await whispered.next()).toMatchObject({ agentName: echo.name, glyphType: "poem", whisperedAt: viaGraph.data!.invokeAgent.whisper.createdAt });
  });

  it("has no field for the truth, the response or the whisper's id", async () => {
    for (const field of ["truth", "response", "id", "rawId"]) {
      const errors = await refusal(client, `subscription { agentWhispered { ${field} } }`);
      expect(errors.join(" ")).toContain(`Cannot query field "${field}" on type "AgentWhisperEvent"`);
    }
  });

  it("publishes nothing for a refused invocation", async () => {
    const whispered = listen<Json>(client, WHISPERED);
    await subscribed(client);
    const echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    const keeper = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "threshold-keeper" } });

    expect((await app.request("POST", `/api/agents/${echo.id}/invoke`, { message: "   " })).status).toBe(400);
    expect((await app.request("POST", `/api/agents/no-such-agent/invoke`, { message: "Anyone?" })).status).toBe(404);
    await app.request("POST", `/api/agents/${keeper.id}/invoke`, { message: "The marker." });
    expect(await whispered.next()).toMatchObject({ agentName: keeper.name });
  });
});
