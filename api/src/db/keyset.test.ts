// Keyset pages over real data: for every sort of The Named, walking forward page by page and
// backward page by page gives the whole ordered list, each row once, ties on the first key
// broken by id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { uuidv7 } from "./uuid.ts";

type Page = {
  agents: {
    edges: { cursor: string; node: { rawId: string } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null; startCursor: string | null };
  };
};

const FORWARD = `query ($sort: AgentSort, $after: String) { agents(first: 4, sort: $sort, after: $after) { edges { cursor node { rawId } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } }`;
const BACKWARD = `query ($sort: AgentSort, $before: String) { agents(last: 4, sort: $sort, before: $before) { edges { cursor node { rawId } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } }`;

describe.each(databaseKinds)("keyset pages on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
    // Ties on every first key: several agents share a creation instant, a name, a type.
    const instant = new Date("2026-01-01T00:00:00.000Z");
    await app.db.prisma.agent.createMany({
      data: Array.from({ length: 17 }, (_, i) => ({
        id: uuidv7(instant.getTime() + (i % 3)),
        name: i % 2 === 0 ? "Twin" : `Solo ${i}`,
        username: `keyset-${i}`,
        glyph: "✶",
        personality: "One of many alike.",
        apiModel: "claude" as const,
        type: i % 4 === 0 ? "remix" : "forged",
        createdBy: "anonymous",
        createdAt: new Date(instant.getTime() + (i % 3) * 1000),
      })),
    });
  });
  afterAll(() => app.stop());

  for (const sort of ["NEWEST", "OLDEST", "NAME", "TYPE"] as const) {
    it(`walks ${sort.toLowerCase()} forward and backward, every row once, in the service's order`, async () => {
      const all = (await app.db.prisma.agent.findMany({ where: { archived: false }, orderBy: orderFor(sort), select: { id: true } })).map((row) => row.id);
      const forward: string[] = [];
      let after: string | null = null;
      for (let guard = 0; guard < 50; guard++) {
        const { data }: { data?: Page } = await app.graphql<Page>(FORWARD, { sort, after });
        forward.push(...data!.agents.edges.map((edge) => edge.node.rawId));
        expect(data!.agents.pageInfo.hasPreviousPage).toBe(after !== null);
        if (!data!.agents.pageInfo.hasNextPage) break;
        after = data!.agents.pageInfo.endCursor;
      }
      expect(forward).toEqual(all);
      const backward: string[] = [];
      let before: string | null = null;
      for (let guard = 0; guard < 50; guard++) {
        const { data }: { data?: Page } = await app.graphql<Page>(BACKWARD, { sort, before });
        backward.unshift(...data!.agents.edges.map((edge) => edge.node.rawId));
        if (!data!.agents.pageInfo.hasPreviousPage) break;
        before = data!.agents.pageInfo.startCursor;
      }
      expect(backward).toEqual(all);
    });
  }

  it("refuses a cursor of a well-formed id that names no row", async () => {
    const cursor = Buffer.from(`GPC:S:${uuidv7()}`).toString("base64");
    const result = await app.graphql(FORWARD, { sort: "NEWEST", after: cursor });
    expect(result.errors?.[0]).toMatchObject({ message: "Invalid cursor", extensions: { code: "BAD_USER_INPUT", field: "after" } });
  });
});

function orderFor(sort: "NEWEST" | "OLDEST" | "NAME" | "TYPE") {
  switch (sort) {
    case "OLDEST":
      return [{ createdAt: "asc" as const }, { id: "asc" as const }];
    case "NAME":
      return [{ nameKey: "asc" as const }, { id: "asc" as const }];
    case "TYPE":
      return [{ type: "asc" as const }, { createdAt: "desc" as const }, { id: "desc" as const }];
    default:
      return [{ createdAt: "desc" as const }, { id: "desc" as const }];
  }
}
