// Asking a Council seat again is bounded (issue #26, finding 5): stop + retryCouncilSeat in a
// loop used to make a model call per turn for the one quota unit the question cost. Now each
// seat of a question may be asked again twice for nothing, then each retry costs a question of
// the day's quota, and once that is spent the retry is refused with the quota's message before
// any provider is called. The seats speak to their local stand-ins, which count every call.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, from, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { QUOTA_MESSAGES } from "../accounts/quotas.ts";
import { SEATS } from "../../minds/identity.ts";

const gql = {
  ask: `mutation ($input: InvokeCouncilInput!) { invokeCouncil(input: $input) { invocation { id } } }`,
  stop: `mutation ($input: StopCouncilInvocationInput!) { stopCouncilInvocation(input: $input) { invocation { status } } }`,
  retry: `mutation ($input: RetryCouncilSeatInput!) { retryCouncilSeat(input: $input) { invocation { id status } } }`,
  allowance: `{ dailyAllowance { councilQuestionsLeft } }`,
};

describe.each(databaseKinds)("Council retries on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  let release: () => void;
  let headers: Record<string, string>;
  /** Each test speaks from an address of its own: the day's quota is counted per address too. */
  let address: string;
  let tests = 0;

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { dailyQuotas: true, minds: settingsFor(providers, SEATS, { timeoutMs: 5_000 }) });
  });
  afterAll(async () => {
    release?.();
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => {
    headers = { "x-nomina-visitor": `council-retries-${randomUUID()}` };
    address = `127.0.8.${++tests}`;
    providers.reset();
    // perplexity speaks one word, then holds until the test lets go: every question waits on it.
    const held = new Promise<void>((resolve) => (release = resolve));
    providers.script("perplexity", () => ({ tokens: ["Still ", "thinking."], gate: held, gateAt: 1 }));
  });

  const perplexityCalls = () => providers.requests.filter((request) => request.seat === "perplexity").length;
  const graphql = async (query: string, variables?: Json): Promise<Json> => (await from(app, address)("POST", "/graphql", { query, variables }, headers)).body;
  const rawId = (globalId: string) => Buffer.from(globalId, "base64").toString("utf8").split(":")[1]!;

  /** Stops the invocation once perplexity's `n`-th call has started speaking. */
  async function stopAt(invocationId: string, n: number) {
    await expect.poll(() => providers.requests.filter((request) => request.seat === "perplexity" && request.firstTokenAt !== undefined).length).toBe(n);
    const stopped = await graphql(gql.stop, { input: { invocationId } });
    expect(stopped.errors).toBeUndefined();
    expect(stopped.data.stopCouncilInvocation.invocation.status).toBe("stopped");
  }

  it("lets a seat be asked again twice for free, then charges a question per retry, then refuses with the quota's message and calls no provider", async () => {
    // A user, speaking from an address of its own (an unverified account shares its address's day).
    const account = await registered(app);
    headers = { ...headers, ...bearer(await signedIn(app, account)) };
    const asked = await graphql(gql.ask, { input: { prompt: "Will you wait for the last voice?", seats: ["gemini", "perplexity"], chair: "gemini" } });
    expect(asked.errors).toBeUndefined();
    const invocationId = asked.data.invokeCouncil.invocation.id;
    await stopAt(invocationId, 1);
    expect((await graphql(gql.allowance)).data.dailyAllowance.councilQuestionsLeft).toBe(2);

    const outcomes: string[] = [];
    for (let turn = 0; turn < 12; turn++) {
      const retried = await graphql(gql.retry, { input: { invocationId, seat: "perplexity" } });
      if (retried.errors) {
        outcomes.push(retried.errors[0]!.message);
        continue;
      }
      outcomes.push("asked");
      await stopAt(invocationId, 1 + outcomes.filter((o) => o === "asked").length);
    }
    // Two free, two paid with the day's remaining questions, then refused every time.
    expect(outcomes.slice(0, 4)).toEqual(["asked", "asked", "asked", "asked"]);
    expect(new Set(outcomes.slice(4))).toEqual(new Set([QUOTA_MESSAGES.synth]));
    expect(perplexityCalls()).toBe(5);
    expect((await graphql(gql.allowance)).data.dailyAllowance.councilQuestionsLeft).toBe(0);
    const user = await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(user).toMatchObject({ synthRuns: 3, dailySynthRuns: 3 });
    // A refused retry is a 429 with the quota's code, and left the question as it stood.
    const refused = await graphql(gql.retry, { input: { invocationId, seat: "perplexity" } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "QUOTA_EXCEEDED" });
    expect((await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id: rawId(invocationId) } })).status).toBe("stopped");
  });

  it("counts free retries per question, for visitors by their address's day", async () => {
    const ask = async (prompt: string) =>
      (await graphql(gql.ask, { input: { prompt, seats: ["gemini", "perplexity"], chair: "gemini" } })).data.invokeCouncil.invocation.id as string;
    const retry = async (invocationId: string) => (await graphql(gql.retry, { input: { invocationId, seat: "perplexity" } })).errors?.[0]?.message ?? "asked";
    const left = async () => (await graphql(gql.allowance)).data.dailyAllowance.councilQuestionsLeft;
    let calls = 0;
    const askedAgain = async (invocationId: string) => {
      expect(await retry(invocationId)).toBe("asked");
      await stopAt(invocationId, ++calls);
    };
    const first = await ask("Who is missing now?");
    await stopAt(first, ++calls);
    expect(await left()).toBe(2);
    await askedAgain(first);
    await askedAgain(first);
    expect(await left()).toBe(2);
    // Another question has two free retries of its own.
    const second = await ask("And who else?");
    await stopAt(second, ++calls);
    await askedAgain(second);
    await askedAgain(second);
    expect(await left()).toBe(1);
    // The third retry of either is charged, until the day's questions are spent.
    await askedAgain(first);
    expect(await left()).toBe(0);
    expect(await retry(second)).toBe(QUOTA_MESSAGES.synth);
    expect(perplexityCalls()).toBe(7);
  });
});
