// Helpers for tests that sign in: a clock the test moves, bearer headers, accounts made
// through the real API, visitors speaking from their own loopback address, and a graphql-ws
// client that authenticates the way the web app does.
import http from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "graphql-ws";
import { expect } from "vitest";
import type { TestApp } from "./harness.ts";
import type { Json } from "./json.ts";
import { connect } from "./live.ts";

export type { Json };

/** A clock a test sets and moves; the app reads it for expiries and the day's turn. */
export function testClock(start: Date) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    set: (date: Date) => void (now = date.getTime()),
    advance: (ms: number) => void (now += ms),
  };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function call(app: TestApp, method: string, pathname: string, body?: unknown, headers?: Record<string, string>) {
  const response = await app.request(method, pathname, body, headers);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export type Account = { id: string; name: string; email: string; password: string };

let accounts = 0;

/**
 * A new account through POST /api/auth/register, sent from an address of its own (registration
 * is a visitor's write, so it counts against that address's limit).
 */
export async function registered(app: TestApp, overrides: Partial<Account> = {}): Promise<Account> {
  accounts += 1;
  const account = { name: `Seeker ${accounts}`, email: `seeker-${accounts}-${Date.now()}@example.com`, password: "correct horse battery", ...overrides };
  const response = await from(app, `127.1.${Math.floor(accounts / 250)}.${(accounts % 250) + 1}`)("POST", "/api/auth/register", account);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...account, id: response.body.user.id };
}

/** A session token for `account` through POST /api/auth/login. */
export async function signedIn(app: TestApp, account: Pick<Account, "email" | "password">): Promise<string> {
  const response = await call(app, "POST", "/api/auth/login", { email: account.email, password: account.password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token;
}

/** The signing key the app generated in its data directory (no JWT_SECRET in tests). */
export const signingKey = async (app: TestApp) => (await readFile(path.join(app.config.dataDir, "jwt-secret"), "utf8")).trim();

/** A visitor whose requests leave from `address` (any 127.x.y.z reaches the server): to it, another person. */
export function from(app: TestApp, address: string) {
  return (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: Json; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const all = payload === undefined ? headers : { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)), ...headers };
      const request = http.request(`${app.url}${pathname}`, { method, localAddress: address, headers: all }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: response.headers }));
      });
      request.on("error", reject);
      request.end(payload);
    });
}

/** A graphql-ws client that sends the token in connection_init, as the web app does. */
export function socket(app: TestApp, token?: string): Promise<Client> {
  return connect(app, token ? { authorization: `Bearer ${token}` } : {});
}

/** One operation over a socket: its single result. */
export function over<T = Json>(client: Client, query: string, variables?: Record<string, unknown>) {
  return new Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
    let result: unknown;
    client.subscribe(
      { query, variables },
      {
        next: (value) => (result = value),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error instanceof Error ? error : new Error(String(error)))),
        complete: () => resolve(result as never),
      },
    );
  });
}
