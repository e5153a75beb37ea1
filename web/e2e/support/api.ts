// Preparing what a spec needs through the product's own REST API (the contract's shapes).
import { expect, type APIRequestContext } from "@playwright/test";

export type AgentJson = { id: string; name: string; username: string; glyph: string; remixCount: number };

let counter = 0;

/** A name no other spec (or earlier run) uses. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

export async function forgeAgent(
  request: APIRequestContext,
  fields: Partial<{ name: string; glyph: string; personality: string; apiModel: string }> = {},
): Promise<AgentJson> {
  const response = await request.post("/api/agents", {
    data: { name: uniqueName("Test Mind"), glyph: "⌬", personality: "A mind made for a test, patient and exact.", apiModel: "claude", ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function remixAgent(
  request: APIRequestContext,
  parent: { id: string },
  fields: Partial<{ name: string; description: string; personality: string; remixNote: string }> = {},
): Promise<AgentJson> {
  const response = await request.post("/api/agents/remix", {
    data: {
      parentAgentId: parent.id,
      name: uniqueName("Remix"),
      description: "An evolution made for a test.",
      personality: "Inherits its parent's patience, adds a test's curiosity.",
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function invokeAgent(request: APIRequestContext, agent: { id: string }, message: string): Promise<{ response: string; whisper: { id: string } }> {
  const response = await request.post(`/api/agents/${agent.id}/invoke`, { data: { message } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

export async function agentByRef(request: APIRequestContext, ref: string): Promise<AgentJson & { remixCount: number }> {
  const response = await request.get(`/api/agents/${encodeURIComponent(ref)}`);
  expect(response.status()).toBe(200);
  return (await response.json()).agent;
}

/**
 * POSTs JSON to the app as another visitor: the e2e server trusts one proxy hop, so the
 * X-Forwarded-For address is who the server sees (a nomination counts once per visitor).
 */
export async function postFrom(baseURL: string, address: string, pathname: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(pathname, baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** An agent of the network by username, through the REST shim. */
export async function agentByUsername(baseURL: string, username: string): Promise<{ id: string; name: string; glyph: string }> {
  const response = await fetch(new URL(`/api/agents/${username}`, baseURL));
  expect(response.status).toBe(200);
  return (await response.json()).agent;
}
