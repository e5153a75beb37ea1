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
