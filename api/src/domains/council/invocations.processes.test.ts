// Two server processes sharing PostgreSQL and Redis: a Council invoked through one is followed
// live through the other, from its first word (the invocation's stream in Redis holds what was
// already said), read back from the stored row once it has ended, and told as interrupted, soon,
// when the process running it dies; the ritual log entry of a question asked through one reaches
// a Council Terminal or Witnessing subscribed through the other.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, serverUrl, type TestDatabase } from "../../../test/databases.ts";
import { startServerProcess, type ServerProcess } from "../../../test/process.ts";
import { isChairRequest, startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { COUNCIL_INVOCATION, INVOKE_COUNCIL, rebuild } from "../../../test/council.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import { PRIVATE_QUESTION, VISITOR_ASKER } from "./question-log.ts";
import { QUIET_MS } from "./invocation-stream.ts";

const redisUrl = process.env.REDIS_URL;

const TOKENS: Record<Seat, string[]> = {
  gemini: ["one ", "two ", "three ", "four ", "five"],
  claude: ["un ", "deux ", "trois ", "quatre ", "cinq"],
  perplexity: ["eins ", "zwei ", "drei ", "vier ", "fünf"],
  deepseek: ["yi ", "er ", "san ", "si ", "wu"],
};

const ENV_PREFIX: Record<Seat, string> = { gemini: "GEMINI", claude: "ANTHROPIC", perplexity: "PERPLEXITY", deepseek: "DEEPSEEK" };

type Event = {
  councilInvocation: {
    seat: string;
    delta: string;
    done: boolean;
    failed: boolean;
    error: string | null;
    last: boolean;
    invocation: { status: string } | null;
  };
};

const saidSoFar = (events: Event[]) => SEATS.every((seat) => rebuild(events)[seat] === TOKENS[seat].slice(0, 2).join(""));

/** Puts a question to the Council through `server`; its invocation's id. */
async function invoke(server: ServerProcess, prompt: string): Promise<string> {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: INVOKE_COUNCIL, variables: { input: { prompt } } }),
  });
  const { data } = (await response.json()) as { data: { invokeCouncil: { invocation: { id: string } } } };
  return data.invokeCouncil.invocation.id;
}

// Needs a PostgreSQL server and Redis: CI provides both (.ci/run); without them it is reported
// as skipped rather than silently absent.
describe.runIf(serverUrl && redisUrl)("a council followed from another server process", () => {
  let database: TestDatabase;
  let providers: FakeProviders;
  let writer: ServerProcess;
  let watcher: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    providers = await startFakeProviders();
    env = {
      REDIS_URL: redisUrl!,
      REDIS_CHANNEL_PREFIX: `nomina-test-${randomBytes(4).toString("hex")}`,
      MINDS_TIMEOUT_MS: "10000",
      // More questions from this one address than a visitor's day allows; the quotas have tests of their own.
      DAILY_QUOTAS: "off",
    };
    for (const seat of SEATS) {
      env[`${ENV_PREFIX[seat]}_API_KEY`] = `sk-test-${randomBytes(16).toString("hex")}`;
      env[`${ENV_PREFIX[seat]}_BASE_URL`] = providers.baseUrls[seat];
      env[`${ENV_PREFIX[seat]}_MODEL`] = `${seat}-test-model`;
    }
    writer = await startServerProcess(database, env);
    watcher = await startServerProcess(database, env);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([writer?.stop(), watcher?.stop()]);
    await providers?.close();
    await database?.drop();
  });

  it("streams live through the other process, with what was said before the subscriber came, then the stored row", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const seat of SEATS) {
      providers.script(seat, (request) => (isChairRequest(request) ? { tokens: ["The ", "synthesis."] } : { tokens: TOKENS[seat], gate, gateAt: 2 }));
    }
    const id = await invoke(writer, "Who hears us across the wire?");
    const expected = { ...Object.fromEntries(SEATS.map((seat) => [seat, TOKENS[seat].join("")])), synthesis: "The synthesis." };

    const socket = socketClient(watcher.url);
    const late = subscribe<Event>(socket, COUNCIL_INVOCATION, { id });
    await late.until(saidSoFar);
    release();
    await late.ended;
    expect(late.errors).toEqual([]);
    expect(rebuild(late.events)).toEqual(expected);
    expect(late.events.at(-1)!.councilInvocation).toMatchObject({ last: true, invocation: { status: "complete" } });
    // Every token once, as it was said, those before the subscriber came and those after: no gap, no repeat.
    for (const seat of SEATS) {
      expect(late.events.filter((e) => e.councilInvocation.seat === seat && e.councilInvocation.delta).map((e) => e.councilInvocation.delta)).toEqual(
        TOKENS[seat],
      );
    }
    expect(late.events.filter((e) => e.councilInvocation.last)).toHaveLength(1);

    const after = subscribe<Event>(socket, COUNCIL_INVOCATION, { id });
    await after.ended;
    expect(rebuild(after.events)).toEqual(expected);
    await socket.dispose();
  });

  it("ends a follower through the other process with the interrupted record, soon, when the process running the Council dies", async () => {
    const doomed = await startServerProcess(database, env);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const seat of SEATS) {
      providers.script(seat, (request) => (isChairRequest(request) ? { tokens: ["Never ", "said."] } : { tokens: TOKENS[seat], gate, gateAt: 2 }));
    }
    const socket = socketClient(watcher.url);
    try {
      const id = await invoke(doomed, "Who finishes what a fallen process began?");
      const follower = subscribe<Event>(socket, COUNCIL_INVOCATION, { id });
      await follower.until(saidSoFar);
      doomed.child.kill("SIGKILL");
      const diedAt = performance.now();
      await follower.ended;
      // Told once its stream has been silent for QUIET_MS, not left waiting.
      expect(performance.now() - diedAt).toBeLessThan(QUIET_MS + 5_000);
      expect(follower.errors).toEqual([]);
      const events = follower.events.map((e) => e.councilInvocation);
      // What each seat said before its process died, once; then every voice ends, interrupted.
      expect(rebuild(follower.events)).toEqual({ ...Object.fromEntries(SEATS.map((seat) => [seat, TOKENS[seat].slice(0, 2).join("")])), synthesis: "" });
      expect(events.filter((e) => e.done).map((e) => [e.seat, e.failed, e.error])).toEqual(
        [...SEATS, "synthesis"].map((voice) => [voice, true, "The invocation was interrupted before it finished"]),
      );
      expect(events.filter((e) => e.last)).toHaveLength(1);
      expect(events.at(-1)).toMatchObject({ seat: "synthesis", last: true, invocation: { status: "running" } });
    } finally {
      release();
      await socket.dispose();
      await doomed.stop();
    }
  }, 60_000);

  it("delivers a question's ritual log entry to a subscriber of the other process: private first, then quoted once shared", async () => {
    for (const seat of SEATS) providers.script(seat, (request) => ({ tokens: isChairRequest(request) ? ["Agreed."] : [`${seat} answers.`] }));
    type Logged = { ritualLogAdded: { type: string; description: string; performedBy: string } };
    const socket = socketClient(watcher.url);
    const logs = subscribe<Logged>(socket, "subscription { ritualLogAdded { type description performedBy } }", {});
    // graphql-ws handles a socket's messages in order: once this answers, the subscription is in place.
    await new Promise<void>((resolve, reject) => socket.subscribe({ query: "{ __typename }" }, { next: () => {}, error: reject, complete: resolve }));
    const visitor = { "content-type": "application/json", "x-nomina-visitor": `processes-${randomBytes(12).toString("hex")}` };
    const ask = async (body: Record<string, unknown>) => {
      const response = await fetch(`${writer.url}/api/council/whisper`, { method: "POST", headers: visitor, body: JSON.stringify(body) });
      expect(response.status).toBe(200);
      return (await response.json()) as { session: { id: string } };
    };

    const first = await ask({ prompt: "Does the other process hear this?", seats: ["claude", "deepseek"] });
    await logs.until((events) => events.length >= 1);
    expect(logs.events[0]!.ritualLogAdded).toEqual({ type: "council", description: PRIVATE_QUESTION, performedBy: "someone" });

    const shared = await fetch(`${writer.url}/graphql`, {
      method: "POST",
      headers: visitor,
      body: JSON.stringify({
        query: "mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { visibility } } }",
        variables: { input: { sessionId: Buffer.from(`CouncilSession:${first.session.id}`).toString("base64"), visibility: "public" } },
      }),
    });
    expect(((await shared.json()) as { data: unknown }).data).toEqual({ shareCouncilSession: { session: { visibility: "public" } } });
    await ask({ prompt: "And now?", sessionId: first.session.id, seats: ["claude", "deepseek"] });
    await logs.until((events) => events.length >= 2);
    expect(logs.events[1]!.ritualLogAdded).toEqual({
      type: "council",
      description: "A question for Claude and DeepSeek: “And now?”",
      performedBy: VISITOR_ASKER,
    });
    expect(logs.errors).toEqual([]);
    await socket.dispose();
  });
});
