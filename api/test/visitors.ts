// Visitors for tests that talk over the app's own HTTP: a fresh visitor key (as the web app makes
// one, random per browser), the header that carries it, and a message to an agent as that visitor.
import { expect } from "vitest";
import { VISITOR_HEADER } from "../src/actor.ts";
import type { TestApp } from "./harness.ts";

let visitors = 0;

/** A new browser's visitor key; `label` names the suite it belongs to in a failure. */
export const newVisitor = (label = "test") => `${label}-visitor-${++visitors}-${Math.random().toString(36).slice(2).padEnd(12, "x")}`;

/** The headers that speak as a visitor. */
export const as = (key: string) => ({ [VISITOR_HEADER]: key });

/** POST /api/agents/{agent}/invoke as the visitor, which must answer 200; its JSON. */
export async function invokeAs(app: TestApp, agent: string, visitor: string, body: Record<string, unknown>) {
  const response = await app.request("POST", `/api/agents/${agent}/invoke`, body, as(visitor));
  expect(response.status, JSON.stringify(body)).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const answer: any = await response.json();
  return answer;
}
