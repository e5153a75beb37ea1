// Accounts for the specs, made through the product's own API, and the mail the server wrote.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

export const TOKEN_KEY = "nomina.token";

let counter = 0;

/** An address no other spec (or earlier run) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6)}@e2e.nomina.test`;
}

export type Account = { name: string; email: string; password: string };

export function newAccount(prefix: string): Account {
  return { name: `Seeker ${prefix}`, email: uniqueEmail(prefix), password: "correct horse battery" };
}

export async function register(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/auth/register", { data: account });
  expect(response.status(), await response.text()).toBe(201);
}

export async function login(request: APIRequestContext, account: Pick<Account, "email" | "password">): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token;
}

/** A fresh account, signed in: its token. */
export async function signedUpToken(request: APIRequestContext, prefix: string): Promise<{ account: Account; token: string }> {
  const account = newAccount(prefix);
  await register(request, account);
  return { account, token: await login(request, account) };
}

/** The page's app holds `token`, as if its owner had signed in there. */
export async function useToken(page: Page, token: string) {
  await page.goto("/this-page-does-not-exist");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
}

export const storedToken = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);

/** The web app's persisted operations (relay.config.js): the built server runs only these for strangers. */
const PERSISTED = JSON.parse(readFileSync(path.resolve("shared/src/generated/persisted-operations.json"), "utf8")) as Record<string, string>;

/** The persisted id of the web app's operation called `name`. */
function persistedId(name: string): string {
  const found = Object.entries(PERSISTED).find(([, text]) => new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(text));
  if (!found) throw new Error(`the web app has no operation called ${name}`);
  return found[0];
}

/**
 * The web app's operation `name`, sent by its persisted id as the app sends it, with the bearer
 * token, over HTTP (Yoga wants its CSRF header there).
 */
export async function graphql(request: APIRequestContext, token: string, name: string, variables: Record<string, unknown> = {}) {
  const response = await request.post("/graphql", {
    data: { operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: persistedId(name) } } },
    headers: { authorization: `Bearer ${token}`, "x-graphql-yoga-csrf": "e2e" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The verification link in the newest mail the server wrote to `email` (DATA_DIR/outbox). */
export async function verificationLink(email: string): Promise<string> {
  // The data directory of the server this test's project speaks to (playwright.config.ts).
  const outbox = path.join((test.info().project.metadata as { dataDir?: string }).dataDir ?? process.env.E2E_DATA_DIR!, "outbox");
  const suffix = `-${email.replace(/[^a-z0-9@.-]/gi, "_")}.eml`;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(outbox)
              .filter((file) => file.endsWith(suffix))
              .sort();
          } catch {
            return [];
          }
        })();
        const newest = files.at(-1);
        if (!newest) return undefined;
        const mail = decodeQuotedPrintable(readFileSync(path.join(outbox, newest), "utf8"));
        link = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify\?token=[^\s"<>]+/)?.[0];
        return link;
      },
      { message: `a verification mail to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return link!.replace(/&amp;/g, "&");
}
