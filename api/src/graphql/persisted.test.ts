// Persisted operations (#31): the web app sends an operation's id, and in production a stranger
// may run nothing else; curators keep their explorer. On HTTP and on WebSocket alike.
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { over, socket } from "../../test/accounts.ts";
import { signedInCurator } from "../../test/curators.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { webOperation, webOperationId } from "../../test/scale.ts";
import { PERSISTED_NOT_FOUND, PERSISTED_ONLY } from "./persisted.ts";

const THE_NAMED = "TheNamedRouteQuery";
const NAMED_VARIABLES = { search: null, type: null, sort: "NEWEST", includeArchived: false };
const byId = (id: string) => ({ persistedQuery: { version: 1, sha256Hash: id } });

/** One operation named by persisted id over a socket: its single result, or the refusal. */
function overById(client: Client, id: string, variables: Record<string, unknown>) {
  return new Promise<{ data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
    let result: unknown;
    client.subscribe(
      { query: "", variables, extensions: byId(id) },
      {
        next: (value) => (result = value),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error instanceof Error ? error : new Error(String(error)))),
        complete: () => resolve(result as never),
      },
    );
  });
}

describe("persisted operations, where only they may run (production)", () => {
  let app: TestApp;
  let curator: string;
  beforeAll(async () => {
    app = await startTestApp("pglite", { persistedOperationsOnly: true });
    curator = await signedInCurator(app);
  });
  afterAll(() => app.stop());

  const post = (body: unknown, headers: Record<string, string> = {}) => app.request("POST", "/graphql", body, headers);

  it("run the web app's operation by its id alone, as the document would", async () => {
    const response = await post({ operationName: THE_NAMED, variables: NAMED_VARIABLES, extensions: byId(webOperationId(THE_NAMED)) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.agents.edges.length).toBeGreaterThan(0);
    expect(body.data.agentTypes).toContain("genesis");
  });

  it("refuse a document of a stranger's own, on HTTP and on WebSocket, before it runs", async () => {
    const response = await post({ query: "{ agentTypes }" });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([expect.objectContaining({ message: PERSISTED_ONLY, extensions: { code: "PERSISTED_QUERY_ONLY" } })]);
    // One changed character makes it a stranger's document; the app's own text, word for
    // word, is the same operation as its id.
    const edited = await post({ query: webOperation(THE_NAMED).replace("first: 24", "first: 23"), variables: NAMED_VARIABLES });
    expect(edited.status).toBe(400);
    const verbatim = await post({ query: webOperation(THE_NAMED), variables: NAMED_VARIABLES });
    expect((await verbatim.json()).data.agentTypes).toContain("genesis");

    const client = await socket(app);
    try {
      const refused = await over(client, "{ agentTypes }");
      expect(refused.data).toBeUndefined();
      expect(refused.errors?.[0]?.message).toBe(PERSISTED_ONLY);
      const named = await overById(client, webOperationId(THE_NAMED), NAMED_VARIABLES);
      expect(named.errors).toBeUndefined();
      expect(named.data?.agentTypes).toContain("genesis");
    } finally {
      await client.dispose();
    }
  });

  it("let a curator's explorer send any document, on HTTP and on WebSocket", async () => {
    const response = await post({ query: "{ agentTypes }" }, { authorization: `Bearer ${curator}` });
    expect(response.status).toBe(200);
    expect((await response.json()).data.agentTypes).toContain("genesis");
    const client = await socket(app, curator);
    try {
      expect((await over<{ agentTypes: string[] }>(client, "{ agentTypes }")).data?.agentTypes).toContain("genesis");
    } finally {
      await client.dispose();
    }
  });

  it("answer an id nobody persisted, or a malformed one, with a client error", async () => {
    const unknown = await post({ variables: {}, extensions: byId("0".repeat(64)) });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors[0]).toMatchObject({ message: PERSISTED_NOT_FOUND, extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } });
    // Inherited names of a plain object are not ids either.
    const inherited = await post({ extensions: byId("constructor") });
    expect(inherited.status).toBe(400);
    for (const extensions of [{ persistedQuery: "x" }, { persistedQuery: { sha256Hash: 5 } }, { persistedQuery: null }, "id"]) {
      const malformed = await post({ extensions });
      expect(malformed.status, JSON.stringify(extensions)).toBe(400);
    }
    const client = await socket(app);
    try {
      const refused = await overById(client, "0".repeat(64), {});
      expect(refused.errors?.[0]?.message).toBe(PERSISTED_NOT_FOUND);
    } finally {
      await client.dispose();
    }
  });
});

describe("persisted operations where any document may run (development, tests)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.stop());

  it("run both the id and a document of the caller's own", async () => {
    const byIdResponse = await app.request("POST", "/graphql", { variables: NAMED_VARIABLES, extensions: byId(webOperationId(THE_NAMED)) });
    expect((await byIdResponse.json()).data.agentTypes).toContain("genesis");
    expect((await app.graphql<{ agentTypes: string[] }>("{ agentTypes }")).data?.agentTypes).toContain("genesis");
  });
});
