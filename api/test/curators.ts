// A curator for tests that need one: made as the command line makes them, signed in over HTTP.
import { randomUUID } from "node:crypto";
import { createCurator } from "../src/domains/accounts/curators.ts";
import type { TestApp } from "./harness.ts";

/** A new curator's session token. */
export async function signedInCurator(app: TestApp): Promise<string> {
  const account = { email: `keeper-${randomUUID()}@example.com`, password: "keeper of names", name: "The Keeper" };
  await createCurator(app.db.prisma, account);
  const response = await app.request("POST", "/api/curator/login", { email: account.email, password: account.password });
  if (response.status !== 200) throw new Error(`curator sign-in answered ${response.status}`);
  return (await response.json()).token;
}
