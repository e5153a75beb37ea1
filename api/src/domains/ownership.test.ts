// Who may act on a Council session that nobody owns: one asked by a client with neither account
// nor visitor key (a bare REST call). Its id is the key while it is private; once shared, its id
// is on a public page, so it stops being a key and the session is read-only for everyone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SHARE = /* GraphQL */ `
  mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { id } } }
`;

describe.each(databaseKinds)("a session nobody owns, on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const ask = async (body: Json) => {
    const response = await app.request("POST", "/api/council/whisper", body);
    return { status: response.status, body: await response.json() };
  };
  const share = (sessionId: string, visibility: "public" | "private") =>
    app.graphql<Json>(SHARE, { input: { sessionId: Buffer.from(`CouncilSession:${sessionId}`).toString("base64"), visibility } });

  it("is acted on by whoever holds its id while private, and by no one once it is public", async () => {
    const first = await ask({ prompt: "What does a keyless client own?" });
    expect(first.status).toBe(200);
    const sessionId = first.body.session.id as string;

    // Private: the id is the only key, so its holder may ask within it and share it.
    expect((await ask({ prompt: "And a second question?", sessionId })).status).toBe(200);
    expect((await share(sessionId, "public")).errors).toBeUndefined();

    // Public: anyone who read the page could otherwise stop, continue or unshare it.
    const followUp = await ask({ prompt: "May a reader continue it?", sessionId });
    expect(followUp.status).toBe(404);
    const unshare = await share(sessionId, "private");
    expect(unshare.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await app.db.prisma.consultation.findUniqueOrThrow({ where: { id: sessionId }, select: { visibility: true } })).toEqual({ visibility: "public" });
    expect(await app.db.prisma.councilInvocation.count({ where: { sessionId } })).toBe(2);

    // It is still there to read.
    expect((await app.request("GET", `/summon/${sessionId}`)).status).toBe(200);
  });
});
