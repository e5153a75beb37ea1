// The curator the e2e server starts with (scripts/e2e-seed.ts writes it: curators are made only
// from the command line, never through the API), and its sign-in through the REST API.
import { expect, type APIRequestContext } from "@playwright/test";

export const E2E_CURATOR = { email: "keeper@e2e.nomina.test", name: "The Keeper", password: "keeper of names" } as const;

/** A curator's bearer token, from POST /api/curator/login. */
export async function curatorToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/curator/login", { data: { email: E2E_CURATOR.email, password: E2E_CURATOR.password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token;
}
