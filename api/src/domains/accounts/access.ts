// Who may act, in one place for REST and GraphQL alike: the refusals a visitor, a user or a
// curator hears, and the acts that sign in afresh (a stale token left in a browser is ignored
// there, so it cannot lock anyone out; everywhere else it is refused, so a client learns at
// once that its session is over).
import type { Actor } from "../../actor.ts";
import { forbidden, unauthenticated, type ClientError } from "../../errors.ts";
import type { SignInGuard } from "./attempts.ts";
import { verifyPassword } from "./passwords.ts";
import type { LoginInput } from "@nomina/shared/accounts";
import { SESSION_ENDED } from "./sessions.ts";

export const SIGN_IN_REQUIRED = "Sign in to continue";
export const CURATOR_REQUIRED = "Only curators may do this";
export const CURATOR_SIGN_IN = "Sign in as a curator to continue";
export const INVALID_CREDENTIALS = "Invalid email or password";

/** Each fresh-start act: its GraphQL field, and its REST path. */
export const FRESH_START = {
  login: "/api/auth/login",
  register: "/api/auth/register",
  verifyEmail: "/api/auth/verify",
  curatorLogin: "/api/curator/login",
} as const;

export const FRESH_START_PATHS: ReadonlySet<string> = new Set(Object.values(FRESH_START));

/** For a GraphQL field's `skipTypeScopes`: true, and a schema that cannot build if the act is not listed. */
export function freshStart(field: keyof typeof FRESH_START): true {
  if (!(field in FRESH_START)) throw new Error(`${field} is not a fresh-start act`);
  return true;
}

/** Visitors are asked to sign in as a curator; signed-in users are told they are not one. */
export function curatorRefusal(actor: Actor): ClientError {
  return actor.userId ? forbidden(CURATOR_REQUIRED) : unauthenticated(`${CURATOR_REQUIRED}: sign in as a curator`);
}

export function requireCurator(actor: Actor): string {
  if (!actor.curatorId) throw curatorRefusal(actor);
  return actor.curatorId;
}

/** The signed-in curator and the session the request rides on. */
export function requireCuratorSession(actor: Actor): { curatorId: string; sessionId: string } {
  if (!actor.curatorId || !actor.sessionId) throw curatorRefusal(actor);
  return { curatorId: actor.curatorId, sessionId: actor.sessionId };
}

/** Asked who the signed-in curator is when none is: not a refusal of power, a missing sign-in. */
export function curatorSignInRefusal(): ClientError {
  return unauthenticated(CURATOR_SIGN_IN);
}

/** A token that names no live session, outside the fresh-start acts. */
export function sessionEndedRefusal(): ClientError {
  return unauthenticated(SESSION_ENDED);
}

export function signInRefusal(): ClientError {
  return unauthenticated(SIGN_IN_REQUIRED);
}

/** The signed-in user and the session the request rides on. */
export function requireUser(actor: Actor): { userId: string; sessionId: string } {
  if (!actor.userId || !actor.sessionId) throw signInRefusal();
  return { userId: actor.userId, sessionId: actor.sessionId };
}

/**
 * The account an email and password sign in to, for users and curators alike. The attempt is
 * counted before anything is read; the password is checked even when `find` finds no account
 * (against a decoy), so the time taken does not say which emails have one; only a right
 * password gives the attempt back.
 */
export async function checkSignIn<Account extends { passwordHash: string | null }>(
  guard: SignInGuard,
  input: LoginInput,
  address: string,
  find: () => PromiseLike<Account | null>,
): Promise<Account> {
  await guard.attempt(input.email, address);
  const found = await find();
  const matches = await verifyPassword(found?.passwordHash, input.password);
  if (!found || !matches) throw unauthenticated(INVALID_CREDENTIALS);
  await guard.succeeded(input.email, address);
  return found;
}
