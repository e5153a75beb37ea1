// A failure is visible and costs nothing (#41): a question the asker could not read gives its
// day's quota back, whether no seat could answer it or the answer failed on its way to them, and
// the fault is in the operators' log with the request's id, the one the client was told.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { from, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { wsClient } from "../../../test/live.ts";
import { INTERNAL_ERROR_MESSAGE } from "../../errors.ts";
import { createLogger } from "../../logger.ts";
import { SEATS } from "../../minds/identity.ts";

const gql = {
  ask: `mutation ($input: InvokeCouncilInput!) { invokeCouncil(input: $input) { invocation { id rawId } session { id settings { members { id agentName seat } } } } }`,
  status: `query ($id: ID!) { node(id: $id) { ... on CouncilInvocation { status } } }`,
  allowance: `{ dailyAllowance { councilQuestionsLeft } }`,
};

describe.each(databaseKinds)("a failed question on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  const logged: Record<string, unknown>[] = [];
  let address: string;
  let visitor: Record<string, string>;
  let tests = 0;

  beforeAll(async () => {
    providers = await startFakeProviders();
    const sink = new Writable({ write: (chunk, _encoding, done) => (logged.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) });
    app = await startTestApp(kind, { dailyQuotas: true, minds: settingsFor(providers, SEATS, { timeoutMs: 5_000 }), logger: createLogger("info", sink) });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    providers.reset();
  });

  /** Each test is a visitor of its own, from an address of its own: the day's quota is counted per address. */
  const fresh = () => {
    address = `127.0.9.${++tests}`;
    visitor = { "x-nomina-visitor": `refunds-${randomUUID()}` };
  };
  const graphql = async (query: string, variables?: Json) => (await from(app, address)("POST", "/graphql", { query, variables }, visitor)).body;
  const left = async () => (await graphql(gql.allowance)).data.dailyAllowance.councilQuestionsLeft as number;

  it("gives a question back when no seat could answer it, over GraphQL and REST", async () => {
    fresh();
    // Every seat fails, once the test lets it.
    let fail = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    for (const seat of SEATS) providers.script(seat, { status: 400, gate: failing });
    expect(await left()).toBe(3);
    const asked = await graphql(gql.ask, { input: { prompt: "Will anyone answer?" } });
    expect(asked.errors).toBeUndefined();
    // The question is charged while it is answered...
    expect(await left()).toBe(2);
    fail();
    const id = asked.data.invokeCouncil.invocation.id as string;
    await expect.poll(async () => (await graphql(gql.status, { id })).data.node.status, { timeout: 20_000 }).toBe("failed");
    // ...and given back once nothing came of it.
    await expect.poll(left, { timeout: 10_000 }).toBe(3);

    const rest = await from(app, address)("POST", "/api/council/whisper", { prompt: "Will anyone answer now?" }, visitor);
    expect(rest.status).toBe(502);
    expect(rest.body.message).toMatch(/^The Council is silent/);
    await expect.poll(left, { timeout: 10_000 }).toBe(3);
  });

  it("keeps the charge of a question that was answered", async () => {
    fresh();
    const asked = await graphql(gql.ask, { input: { prompt: "Will you answer?" } });
    const id = asked.data.invokeCouncil.invocation.id as string;
    await expect.poll(async () => (await graphql(gql.status, { id })).data.node.status, { timeout: 20_000 }).toBe("complete");
    expect(await left()).toBe(2);
  });

  it("gives a question back when its answer failed on the way to the asker, and logs the fault with the request id it told them", async () => {
    fresh();
    // The payload's session is read after the question was asked: that read fails (the question
    // log's own read of the session, which selects only its visibility, does not).
    const consultations = app.db.prisma.consultation;
    const read = consultations.findUniqueOrThrow.bind(consultations);
    const logsRead = (args: { select?: Record<string, unknown> }) => args.select !== undefined && Object.keys(args.select).join() === "visibility";
    vi.spyOn(consultations, "findUniqueOrThrow").mockImplementation(((args: { select?: Record<string, unknown> }) =>
      logsRead(args) ? read(args as never) : Promise.reject(new Error("the disk went away"))) as never);
    const response = await from(app, address)("POST", "/graphql", { query: gql.ask, variables: { input: { prompt: "Can you hear me?" } } }, visitor);
    const [error] = response.body.errors as { message: string; extensions: { code: string; requestId: string } }[];
    expect(error!.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(error!.extensions.code).toBe("INTERNAL_SERVER_ERROR");
    // What the visitor was told finds the operators' line, which is the request's.
    expect(error!.extensions.requestId).toBe(response.headers["x-request-id"]);
    const line = logged.find((entry) => entry.msg === "graphql operation failed" && entry.requestId === error!.extensions.requestId);
    expect(line?.path).toBe("invokeCouncil.session");
    expect((line?.err as { message?: string } | undefined)?.message).toBe("the disk went away");
    await expect.poll(left, { timeout: 10_000 }).toBe(3);
  });

  it("does the same over the WebSocket, where each operation has a request id of its own", async () => {
    fresh();
    const consultations = app.db.prisma.consultation;
    const read = consultations.findUniqueOrThrow.bind(consultations);
    vi.spyOn(consultations, "findUniqueOrThrow").mockImplementation(((args: { select?: Record<string, unknown> }) =>
      args.select !== undefined && Object.keys(args.select).join() === "visibility"
        ? read(args as never)
        : Promise.reject(new Error("the socket's disk went away"))) as never);
    const client = wsClient(app.url, { connectionParams: { visitor: visitor["x-nomina-visitor"]! } });
    try {
      const answer = await new Promise<{ errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }>((resolve) => {
        client.subscribe(
          { query: gql.ask, variables: { input: { prompt: "Can you hear me over the socket?" } } },
          {
            next: (value) => resolve(value as never),
            error: (error) => resolve({ errors: [{ message: String(error) }] }),
            complete: () => {},
          },
        );
      });
      const requestId = answer.errors?.[0]?.extensions?.requestId;
      expect(answer.errors?.[0]?.message).toBe(INTERNAL_ERROR_MESSAGE);
      expect(typeof requestId).toBe("string");
      expect(logged.some((entry) => entry.msg === "graphql operation failed" && entry.requestId === requestId && entry.path === "invokeCouncil.session")).toBe(
        true,
      );
    } finally {
      await client.dispose();
    }
    // The socket spoke from this machine's own address: its day is read from there.
    await expect
      .poll(
        async () =>
          (await app.graphql<{ dailyAllowance: { councilQuestionsLeft: number } }>(gql.allowance, undefined, visitor)).data?.dailyAllowance
            .councilQuestionsLeft,
        { timeout: 10_000 },
      )
      .toBe(3);
  });

  it("charges a question whose payload holds only the asker's own mistake", async () => {
    fresh();
    const asked = await graphql(
      `mutation ($input: InvokeCouncilInput!) { invokeCouncil(input: $input) { session { questions(first: -1) { edges { node { id } } } } } }`,
      { input: { prompt: "Is a bad argument free?" } },
    );
    expect(asked.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await left()).toBe(2);
    // The refusal is in the log too, with the request it came from.
    expect(logged.some((entry) => entry.msg === "graphql operation refused" && typeof entry.requestId === "string")).toBe(true);
  });
});
