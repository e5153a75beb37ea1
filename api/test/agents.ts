// Forging and remixing through the real REST API, as a visitor or a signed-in user would: one
// helper for every test that needs agents to exist, asserting the 201 (with the body, should it
// fail) so that a test reads as what it is about.
import { expect } from "vitest";
import { call, type Json } from "./accounts.ts";
import type { TestApp } from "./harness.ts";

export type ForgeFields = { name: string; glyph: string; personality: string; apiModel: string } & Record<string, unknown>;
export type RemixFields = { name: string; description: string; personality: string } & Record<string, unknown>;

let forged = 0;

/** POST /api/agents with these fields over the defaults (a fresh name each time); the agent as answered. */
export async function forgeAgent(app: TestApp, fields: Partial<ForgeFields> = {}, headers?: Record<string, string>): Promise<Json> {
  const body = { name: `Forged Mind ${++forged}`, glyph: "✧", personality: "An origin of many branches.", apiModel: "claude", ...fields };
  const response = await call(app, "POST", "/api/agents", body, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** POST /api/agents/remix of `parentAgentId` with these fields over the defaults; the remix as answered. */
export async function remixAgent(app: TestApp, parentAgentId: string, fields: Partial<RemixFields> = {}, headers?: Record<string, string>): Promise<Json> {
  const body = { parentAgentId, description: "A branch of the old tree.", personality: "Patient, curious, and fond of its origins.", ...fields };
  const response = await call(app, "POST", "/api/agents/remix", body, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * One attempt at forging `name` at the server at `url`, whatever it answers: for the fault tests,
 * where a 503 with Retry-After is an answer too.
 */
export async function tryForge(url: string, name: string): Promise<{ status: number; id?: string; retryAfter: string | null; json: Json }> {
  const body = { name, glyph: "✶", personality: "Forged while a dependency was tested.", apiModel: "claude" };
  const response = await fetch(`${url}/api/agents`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json: Json = await response.json().catch(() => ({}));
  return { status: response.status, id: response.status === 201 ? (json.id as string) : undefined, retryAfter: response.headers.get("retry-after"), json };
}
