// node(id:) and nodes(ids:) learn nothing about accounts (issue #26): another person's account
// answers exactly as an id that names no account does, to a visitor and to a signed-in user.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registered, signedIn, type Account } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

const NODE = "query ($id: ID!) { node(id: $id) { id ... on User { name email } } }";
const NODES = "query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on User { name } } }";

describe("account ids through node and nodes", () => {
  let app: TestApp;
  let owner: Account;
  let other: Account;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    owner = await registered(app);
    other = await registered(app);
    token = await signedIn(app, owner);
  });
  afterAll(() => app.stop());

  // Time-ordered like every account id, and names no account.
  const nobody = () => encodeGlobalID("User", "01900000-0000-7000-8000-000000000000");

  it("answers another's account exactly as a missing one: null, without an error", async () => {
    for (const headers of [{}, bearer(token)]) {
      const missing = await app.graphql(NODE, { id: nobody() }, headers);
      const existing = await app.graphql(NODE, { id: encodeGlobalID("User", other.id) }, headers);
      expect(missing).toEqual({ status: 200, data: { node: null } });
      expect(existing).toEqual(missing);
      const many = await app.graphql(NODES, { ids: [encodeGlobalID("User", other.id), nobody()] }, headers);
      expect(many).toEqual({ status: 200, data: { nodes: [null, null] } });
    }
  });

  it("still answers its owner", async () => {
    const own = await app.graphql(NODE, { id: encodeGlobalID("User", owner.id) }, bearer(token));
    expect(own).toEqual({ status: 200, data: { node: { id: encodeGlobalID("User", owner.id), name: owner.name, email: owner.email } } });
  });
});
