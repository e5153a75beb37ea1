// Property-based fuzzing of every REST route (issue #14): generated bodies, query strings and
// path parameters, derived from the zod schemas the routes validate with. A route added
// without an entry here fails the catalogue test. FUZZ_SEED replays a run; FUZZ_RUNS scales it.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { fuzzOptions, fuzzTimeout, anyString, anyValue, bodyFor, deepJson, nastyStrings, seed, validValues } from "../../test/fuzz/values.ts";
import { checkRest, faultLog, refusalChangesNothing } from "../../test/fuzz/invariants.ts";
import { call, registered, signedIn } from "../../test/accounts.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";
import { changePasswordSchema, loginSchema, registerSchema, verifyEmailSchema } from "@nomina/shared/accounts";
import { forgeAgentSchema, remixAgentSchema } from "../domains/agents/schemas.ts";
import { consultSchema, councilWhisperSchema, nominateSchema, retrySeatSchema } from "@nomina/shared/council";
import { joinWaitlistSchema } from "@nomina/shared/waitlist";
import { editMessageSchema } from "@nomina/shared/conversations";
import { conclaveTurnsSchema, startConclaveSchema } from "@nomina/shared/conclaves";
import { createPersonaSchema, updatePersonaSchema } from "@nomina/shared/mind";
import { invokeAgentSchema } from "@nomina/shared/whispers";
import { VISITOR_HEADER } from "../actor.ts";
import { metricsRoutes } from "../http/metrics.ts";
import { restApi } from "../http/rest.ts";
import { createLogger } from "../logger.ts";

/** The visitor key the fuzz speaks as, so that its own conversation can be read back. */
const VISITOR = "fuzz-visitor-key-0123456789abcdef";

const fields = (schema: { shape: Record<string, unknown> }, ...extra: string[]) => [...Object.keys(schema.shape), ...extra];

/** Every route: the fields its body may carry, and the query parameters it reads. */
const CATALOGUE: Record<string, { body?: string[]; query?: string[] }> = {
  "GET /agents": { query: ["includeArchived", "search", "type", "tag", "sort"] },
  "GET /tags": {},
  "POST /agents": { body: fields(forgeAgentSchema) },
  "GET /agents/remixes": {},
  "POST /agents/remix": { body: fields(remixAgentSchema) },
  "GET /agents/:ref": {},
  "GET /creators/:id": {},
  "GET /agents/:ref/activity": { query: ["days"] },
  "PATCH /auth/profile": { body: ["displayName", "anonymous"] },
  "GET /account/export": {},
  "GET /account/deletion": {},
  "POST /account/delete": { body: ["password", "email"] },
  "GET /agents/:ref/card": { query: ["format"] },
  "GET /agents/:ref/avatar": {},
  "PUT /agents/:ref/avatar": {},
  "POST /agents/import": { body: ["spec", "spec_version", "data"] },
  "POST /agents/:ref/invoke": { body: fields(invokeAgentSchema) },
  "GET /whispers/:id": {},
  "GET /conversations/:id": { query: ["before", "through"] },
  "POST /conversations/:id/share": { body: ["visibility", "throughMessageId"] },
  "GET /messages/search": { query: ["q", "cursor"] },
  // Conclaves (#28).
  "POST /conclaves": { body: fields(startConclaveSchema) },
  "POST /conversations/:id/turns": { body: fields(conclaveTurnsSchema.omit({ conversationId: true })) },
  "POST /conversations/:id/turn-order": { body: ["turnOrder"] },
  "GET /personas": {},
  "POST /personas": { body: fields(createPersonaSchema) },
  "PATCH /personas/:id": { body: fields(updatePersonaSchema) },
  "DELETE /personas/:id": {},
  "GET /agents/:ref/memories": {},
  "DELETE /agents/:ref/memories": {},
  "PATCH /memories/:id": { body: ["text"] },
  "DELETE /memories/:id": {},
  "POST /conversations/:id/persona": { body: ["personaId"] },
  "POST /conversations/:id/memory": { body: ["on"] },
  "GET /shared/conversations": { query: ["cursor"] },
  "GET /shared/council-sessions": { query: ["cursor"] },
  "POST /messages/:id/regenerate": {},
  "POST /messages/:id/edit": { body: fields(editMessageSchema.omit({ messageId: true })) },
  "POST /messages/:id/continue": {},
  "POST /messages/:id/stop": {},
  "POST /messages/:id/select": {},
  "DELETE /messages/:id": {},
  "GET /council/nominations": { query: ["agentIds"] },
  "GET /council/whispers": {},
  "GET /council/ritual-logs": { query: ["type"] },
  "GET /council/members": {},
  "POST /council/nominate": { body: fields(nominateSchema) },
  "GET /council/sessions/:id": {},
  "GET /council/invocations/:id": {},
  "POST /council/invocations/:id/stop": {},
  "POST /council/invocations/:id/retry": { body: fields(retrySeatSchema) },
  "POST /council/invocations/:id/retry-silent": {},
  "POST /council/whisper": { body: [...fields(councilWhisperSchema), ...fields(consultSchema), "sessionId", "seats", "chair", "review", "members"] },
  "POST /waitlist": { body: [...fields(joinWaitlistSchema), "agent_type"] },
  "POST /auth/register": { body: fields(registerSchema) },
  "POST /auth/login": { body: fields(loginSchema) },
  "GET /auth/user": {},
  "POST /auth/logout": {},
  "POST /auth/change-password": { body: fields(changePasswordSchema) },
  "GET /auth/verify": { query: ["token"] },
  "POST /auth/verify": { body: fields(verifyEmailSchema) },
  "POST /auth/resend-verification": {},
  "POST /curator/login": { body: fields(loginSchema) },
  "GET /curator/user": {},
  "POST /curator/logout": {},
  "POST /curator/agents/:id/:act{archive|restore|ascend|retire}": {},
  "POST /curator/whispers/:id/remove": {},
  "POST /curator/tags/:tag/merge": { body: ["into"] },
  "POST /curator/tags/:tag/remove": {},
  "GET /curator/minds": {},
  // Notifications (#30 item 5).
  "GET /notifications": { query: ["cursor"] },
  "POST /notifications/read": { body: ["ids", "all"] },
  "GET /notifications/preferences": {},
  "PUT /notifications/preferences": { body: ["muted"] },
};

/** Operators' routes, outside /api (#21): each answers only with METRICS_TOKEN's Bearer token. */
const OPERATOR_CATALOGUE = ["GET /metrics"];
const METRICS_TOKEN = "fuzz-metrics-token-0123456789";

/** A path segment URL-encoding can take: lone surrogates become U+FFFD, as UTF-8 would have them. */
const wellFormed = (value: unknown) => Buffer.from(String(value), "utf8").toString("utf8");

/** The routes the REST shim serves, read from the router itself. */
function servedRoutes(): string[] {
  const api = restApi({} as never, createLogger("silent"), () => "unknown");
  return [...new Set(api.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`))];
}

describe("the REST fuzz catalogue", () => {
  it("covers every route the shim serves", () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual(servedRoutes().sort());
    expect(OPERATOR_CATALOGUE).toEqual(metricsRoutes(METRICS_TOKEN).routes.map((route) => `${route.method} ${route.path}`));
  });
});

describe.each(databaseKinds)("REST under generated input on %s", (kind) => {
  let app: TestApp;
  const { logger, faults } = faultLog();
  let ids: { agent: string; whisper: string; conversation: string };
  beforeAll(async () => {
    app = await startTestApp(kind, { logger, metricsToken: METRICS_TOKEN, limits: NO_LIMITS });
    const agent = await app.db.prisma.agent.findFirstOrThrow();
    const invoked = await (
      await app.request("POST", `/api/agents/${agent.id}/invoke`, { message: "A first whisper to fuzz with." }, { [VISITOR_HEADER]: VISITOR })
    ).json();
    ids = { agent: agent.id, whisper: invoked.whisper.id, conversation: invoked.conversation.id };
  });
  afterAll(async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    await app.stop();
    expect(faults).toEqual([]);
  });

  const param = () =>
    fc.oneof(
      fc.constant(ids.agent),
      fc.constant(ids.whisper),
      fc.constant(ids.conversation),
      fc.constantFrom("echo-haiku", "archive", "restore", "poetry"),
      anyString.filter((text) => text.length < 2_000),
    );
  const fill = (path: string) =>
    fc.tuple(param(), param(), fc.constantFrom("archive", "restore", "ascend", "retire")).map(([first, second, act]) =>
      path
        .replace(/:act\{[^}]+\}/, act)
        .replace(/:(ref|id|tag)/, encodeURIComponent(wellFormed(first)))
        .replace(/:(ref|id|tag)/, encodeURIComponent(wellFormed(second))),
    );

  it(
    "answers every generated request below 500, in the contract's shape, writing nothing when it refuses",
    async () => {
      const valid = validValues(ids);
      const request = fc.constantFrom(...Object.keys(CATALOGUE)).chain((route) => {
        const [method, path] = route.split(" ") as [string, string];
        const entry = CATALOGUE[route]!;
        const body = entry.body
          ? fc.oneof(
              { weight: 6, arbitrary: bodyFor(entry.body, valid).map((value) => JSON.stringify(value)) },
              { weight: 1, arbitrary: deepJson },
              { weight: 1, arbitrary: anyValue.map((value) => JSON.stringify(value) ?? "null") },
            )
          : fc.constant(undefined);
        const query = fc.array(
          fc.tuple(fc.constantFrom(...(entry.query ?? ["x"])), fc.oneof(anyString, fc.constantFrom("true", "newest", "name", "council", ids.agent))),
          { maxLength: 3 },
        );
        const authorization = fc.option(
          fc.oneof(
            fc.constant("Bearer not.a.token"),
            nastyStrings.map((text) => `Bearer ${text.replace(/[^\x20-\x7e]/g, "")}`),
          ),
          { nil: undefined, freq: 4 },
        );
        const visitor = fc.option(
          fc.oneof(
            fc.constant(VISITOR),
            anyString.map((text) => text.replace(/[^\x20-\x7e]/g, "").slice(0, 200)),
          ),
          { nil: undefined, freq: 2 },
        );
        return fc.record({ method: fc.constant(method), path: fill(path), body, query, authorization, visitor });
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ method, path, body, query, authorization, visitor }) => {
          const search = new URLSearchParams(query.map(([key, value]) => [key, String(value).slice(0, 2_000)])).toString();
          const url = `/api${path}${search ? `?${search}` : ""}`;
          const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
          if (authorization) headers.authorization = authorization;
          if (visitor !== undefined) headers[VISITOR_HEADER] = visitor;
          await refusalChangesNothing(app, faults, async () => {
            const response = await fetch(`${app.url}${url}`, { method, headers, body });
            await checkRest(response, `${method} ${url.slice(0, 120)} (FUZZ_SEED=${seed})`);
            return response.status;
          });
        }),
        fuzzOptions(350),
      );
    },
    fuzzTimeout(350),
  );

  it(
    "refuses every generated account deletion that does not give the password, deleting nothing (#42: deletion erases)",
    async () => {
      const account = await registered(app, { name: "Fuzzed Leaver", password: "the one true password" });
      const authorization = `Bearer ${await signedIn(app, account)}`;
      const valid = validValues(ids);
      const body = fc.oneof(
        { weight: 6, arbitrary: bodyFor(["password", "email"], valid).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.constant(JSON.stringify({ email: account.email })) },
        { weight: 1, arbitrary: deepJson },
        { weight: 1, arbitrary: anyValue.map((value) => JSON.stringify(value) ?? "null") },
      );
      await fc.assert(
        fc.asyncProperty(body, async (sent) => {
          await refusalChangesNothing(app, faults, async () => {
            const response = await fetch(`${app.url}/api/account/delete`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization },
              body: sent,
            });
            const label = `POST /api/account/delete ${sent.slice(0, 120)} (FUZZ_SEED=${seed})`;
            expect(response.status, label).toBeGreaterThanOrEqual(400);
            await checkRest(response, label);
            return response.status;
          });
        }),
        fuzzOptions(40),
      );
      expect((await call(app, "GET", "/api/account/deletion", undefined, { authorization })).status).toBe(200);
    },
    fuzzTimeout(40),
  );

  it(
    "answers the operators' routes 200 with their token and 401 in the contract's shape with anything else",
    async () => {
      const authorization = fc.oneof(
        fc.constant(`Bearer ${METRICS_TOKEN}`),
        fc.constantFrom("", "Bearer", "Bearer ", `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`, `bearer  ${METRICS_TOKEN}`),
        nastyStrings.map((text) => `Bearer ${text.replace(/[^\x20-\x7e]/g, "")}`),
        anyString.map((text) => text.replace(/[^\x20-\x7e]/g, "").slice(0, 500)),
      );
      const query = fc.array(fc.tuple(fc.constantFrom("name[]", "x"), anyString), { maxLength: 2 });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...OPERATOR_CATALOGUE), authorization, query, async (route, header, pairs) => {
          const [method, path] = route.split(" ") as [string, string];
          // Short enough to stay under Node's 16 KB header limit (a longer address is a 431 of its own).
          const search = new URLSearchParams(pairs.map(([key, value]) => [key, String(value).slice(0, 200)])).toString();
          const response = await fetch(`${app.url}${path}${search ? `?${search}` : ""}`, { method, headers: header ? { authorization: header } : {} });
          const label = `${route} with ${JSON.stringify(header).slice(0, 80)} (FUZZ_SEED=${seed})`;
          const granted = /^bearer\s+/i.test(header) && header.replace(/^bearer\s+/i, "").trim() === METRICS_TOKEN;
          expect(response.status, label).toBe(granted ? 200 : 401);
          await checkRest(response, label);
        }),
        fuzzOptions(60),
      );
    },
    fuzzTimeout(60),
  );
});
