// The Naming Ritual waitlist: one entry per email (any case); joining again updates it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const JOIN = /* GraphQL */ `
  mutation Join($input: JoinWaitlistInput!) {
    joinWaitlist(input: $input) { created entry { id name agentType createdAt } }
  }
`;

const PURPOSE_MESSAGE = "Purpose must be one of creator, curator, witness, seeker, guardian";
const NAME_MESSAGE = "Secret name is required";
const EMAIL_MESSAGE = "Neural link must be a valid email address";

type Joined = { joinWaitlist: { created: boolean; entry: { id: string; name: string; agentType: string; createdAt: string } } };

describe.each(databaseKinds)("the waitlist on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  const entryCount = () => app.db.prisma.waitlistEntry.count();
  const join = (body: unknown) => app.request("POST", "/api/waitlist", body);

  describe("over REST", () => {
    it("answers 201 {entry} for a new email and stores it lower-cased", async () => {
      const before = await entryCount();
      const response = await join({ name: "Quiet Witness", email: "Witness@Example.COM", agent_type: "witness" });
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(Object.keys(body)).toEqual(["entry"]);
      expect(body.entry).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: "Quiet Witness",
        email: "witness@example.com",
        agent_type: "witness",
        createdAt: expect.any(String),
      });
      expect(await entryCount()).toBe(before + 1);
      const stored = await app.db.prisma.waitlistEntry.findUniqueOrThrow({ where: { id: body.entry.id } });
      expect(stored).toMatchObject({ name: "Quiet Witness", email: "witness@example.com", agentType: "witness" });
    });

    it("answers twenty simultaneous joins with one new email: one 201, the rest 200, one row", async () => {
      const body = (i: number) => ({ name: `Racer ${i}`, email: "racing@example.com", agent_type: "seeker" });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => join(body(i))));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(200)].map((status, i) => (i === 0 ? 201 : status)).sort());
      const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).entry.id)));
      expect(ids.size).toBe(1);
      expect(await app.db.prisma.waitlistEntry.count({ where: { email: "racing@example.com" } })).toBe(1);
    });

    it("updates the entry when the same email joins again in any case, keeping one row (200)", async () => {
      const first = await (await join({ name: "First Name", email: "repeat@example.com", agent_type: "seeker" })).json();
      const before = await entryCount();

      const again = await join({ name: "Second Name", email: "  REPEAT@Example.com ", agent_type: "guardian" });
      expect(again.status).toBe(200);
      const body = await again.json();
      expect(body.entry).toMatchObject({ id: first.entry.id, name: "Second Name", email: "repeat@example.com", agent_type: "guardian" });

      expect(await entryCount()).toBe(before);
      const rows = await app.db.prisma.waitlistEntry.findMany({ where: { email: { equals: "repeat@example.com", mode: "insensitive" } } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.entry.id, name: "Second Name", agentType: "guardian" });
    });

    it("accepts each of the five purposes", async () => {
      for (const agent_type of ["creator", "curator", "witness", "seeker", "guardian"]) {
        const response = await join({ name: `The ${agent_type}`, email: `${agent_type}@purposes.test`, agent_type });
        expect(response.status, agent_type).toBe(201);
        expect((await response.json()).entry.agent_type, agent_type).toBe(agent_type);
      }
    });

    it.each([
      ["a missing name", { name: undefined }, NAME_MESSAGE],
      ["an empty name", { name: "" }, NAME_MESSAGE],
      ["a whitespace-only name", { name: "   " }, NAME_MESSAGE],
      ["a missing email", { email: undefined }, EMAIL_MESSAGE],
      ["an empty email", { email: "" }, EMAIL_MESSAGE],
      ["an email without an @", { email: "not-an-email" }, EMAIL_MESSAGE],
      ["an email without a domain", { email: "someone@" }, EMAIL_MESSAGE],
      ["a missing agent_type", { agent_type: undefined }, PURPOSE_MESSAGE],
      ["an empty agent_type", { agent_type: "" }, PURPOSE_MESSAGE],
      ["an agent_type outside the five", { agent_type: "overlord" }, PURPOSE_MESSAGE],
      ["an agent_type in the wrong case", { agent_type: "Creator" }, PURPOSE_MESSAGE],
    ])("refuses %s with 400 and its message, storing nothing", async (_label, change, message) => {
      const before = await entryCount();
      const response = await join({ name: "Refused Seeker", email: "refused@example.com", agent_type: "seeker", ...change });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
      expect(await entryCount()).toBe(before);
      expect(await app.db.prisma.waitlistEntry.count({ where: { email: "refused@example.com" } })).toBe(0);
    });

    it("refuses a body that is not JSON with 400, storing nothing", async () => {
      const before = await entryCount();
      const response = await app.request("POST", "/api/waitlist", "name=x", { "content-type": "application/json" });
      expect(response.status).toBe(400);
      expect(typeof (await response.json()).message).toBe("string");
      expect(await entryCount()).toBe(before);
    });

    it("does not let a refused repeat change the existing entry", async () => {
      await join({ name: "Steady One", email: "steady@example.com", agent_type: "curator" });
      const refused = await join({ name: "Changed", email: "STEADY@example.com", agent_type: "tyrant" });
      expect(refused.status).toBe(400);
      const row = await app.db.prisma.waitlistEntry.findUniqueOrThrow({ where: { email: "steady@example.com" } });
      expect(row).toMatchObject({ name: "Steady One", agentType: "curator" });
    });
  });

  describe("over GraphQL", () => {
    it("joins through joinWaitlist: created true, then false with the entry updated", async () => {
      const before = await entryCount();
      const first = await app.graphql<Joined>(JOIN, { input: { name: "Graph Seeker", email: "Graph@Example.com", agentType: "seeker" } });
      expect(first.errors).toBeUndefined();
      expect(first.data!.joinWaitlist).toMatchObject({ created: true, entry: { name: "Graph Seeker", agentType: "seeker" } });
      expect(await entryCount()).toBe(before + 1);

      const again = await app.graphql<Joined>(JOIN, { input: { name: "Graph Creator", email: "graph@example.COM", agentType: "creator" } });
      expect(again.errors).toBeUndefined();
      expect(again.data!.joinWaitlist).toEqual({
        created: false,
        entry: { ...first.data!.joinWaitlist.entry, name: "Graph Creator", agentType: "creator" },
      });
      expect(await entryCount()).toBe(before + 1);

      // REST sees the same entry.
      const rest = await join({ name: "Rest Guardian", email: "graph@example.com", agent_type: "guardian" });
      expect(rest.status).toBe(200);
      expect((await rest.json()).entry.name).toBe("Rest Guardian");
      expect(await entryCount()).toBe(before + 1);
    });

    it("refuses an invalid email or an empty name with the same messages, storing nothing", async () => {
      const before = await entryCount();
      const email = await app.graphql(JOIN, { input: { name: "Graph Refused", email: "nowhere", agentType: "witness" } });
      expect(email.data?.joinWaitlist ?? null).toBeNull();
      expect(email.errors?.[0]).toMatchObject({ message: EMAIL_MESSAGE, extensions: { code: "BAD_USER_INPUT", field: "email" } });

      const name = await app.graphql(JOIN, { input: { name: " ", email: "graph-refused@example.com", agentType: "witness" } });
      expect(name.errors?.[0]).toMatchObject({ message: NAME_MESSAGE, extensions: { code: "BAD_USER_INPUT", field: "name" } });

      const purpose = await app.graphql(JOIN, { input: { name: "Graph Refused", email: "graph-refused@example.com", agentType: "overlord" } });
      expect(purpose.errors?.length).toBeGreaterThan(0);
      expect(await entryCount()).toBe(before);
    });

    it("never exposes an entry's email", async () => {
      const type = await app.graphql<{ __type: { fields: { name: string }[] } }>(`{ __type(name: "WaitlistEntry") { fields { name } } }`);
      expect(type.errors).toBeUndefined();
      const fields = type.data!.__type.fields.map((f) => f.name);
      expect(fields).toEqual(expect.arrayContaining(["id", "name", "agentType", "createdAt"]));
      expect(fields.some((f) => /mail/i.test(f))).toBe(false);

      const asked = await app.graphql(`mutation { joinWaitlist(input: { name: "Nosy", email: "nosy@example.com", agentType: seeker }) { entry { email } } }`);
      expect(asked.errors?.[0]?.message).toMatch(/Cannot query field "email"/);
      expect(await app.db.prisma.waitlistEntry.count({ where: { email: "nosy@example.com" } })).toBe(0);

      const joined = await app.graphql<{ joinWaitlist: { entry: { id: string } } }>(
        `mutation { joinWaitlist(input: { name: "Shy", email: "shy@example.com", agentType: seeker }) { entry { id } } }`,
      );
      const node = await app.graphql<{ node: Record<string, unknown> }>(
        `query ($id: ID!) { node(id: $id) { __typename ... on WaitlistEntry { name agentType } } }`,
        {
          id: joined.data!.joinWaitlist.entry.id,
        },
      );
      expect(node.data!.node).toEqual({ __typename: "WaitlistEntry", name: "Shy", agentType: "seeker" });
      expect(JSON.stringify(node)).not.toContain("shy@example.com");
    });
  });
});
