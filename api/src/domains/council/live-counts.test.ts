// What the Council Terminal reads from its live feeds: each nomination's log carries the
// agent's new nomination count, and an ascension carries the member with its agent, so every
// open terminal updates its badges and its members grid from the events alone.
import http from "node:http";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { connect, listen, subscribed } from "../../../test/live.ts";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const THRESHOLD = 2;
const LOGS = `subscription { ritualLogAdded { type relatedAgent { id nominationCount councilMember { agentName } } } }`;
const ASCENDED = `subscription { councilMemberAscended { agentName agent { id nominationCount councilMember { agentName } } } }`;

/** A nomination from `address`: to the server, another visitor. */
function nominateFrom(app: TestApp, address: string, agentId: string): Promise<number> {
  const payload = JSON.stringify({ agentId, agentName: "", nominatedBy: "anonymous", reason: "" });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${app.url}/api/council/nominate`,
      { method: "POST", localAddress: address, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

describe.each(databaseKinds)("council counts in live events on %s", (kind) => {
  let app: TestApp;
  let client: Client;
  beforeAll(async () => {
    app = await startTestApp(kind, { ascensionThreshold: THRESHOLD });
    client = await connect(app);
  });
  afterAll(async () => {
    await client.dispose();
    await app.stop();
  });

  it("delivers the rising nomination count, then the ascended member with its agent", async () => {
    const logs = listen<Json>(client, LOGS);
    const ascended = listen<Json>(client, ASCENDED);
    await subscribed(client);
    const agent = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "nomenclator" } });

    expect(await nominateFrom(app, "127.0.2.1", agent.id)).toBe(201);
    expect(await logs.next()).toMatchObject({ type: "nomination", relatedAgent: { nominationCount: 1, councilMember: null } });

    expect(await nominateFrom(app, "127.0.2.2", agent.id)).toBe(201);
    expect(await logs.next()).toMatchObject({ type: "nomination", relatedAgent: { nominationCount: 2 } });
    expect(await logs.next()).toMatchObject({ type: "ascension", relatedAgent: { nominationCount: 2, councilMember: { agentName: agent.name } } });
    expect(await ascended.next()).toMatchObject({
      agentName: agent.name,
      agent: { nominationCount: 2, councilMember: { agentName: agent.name } },
    });
  });
});
