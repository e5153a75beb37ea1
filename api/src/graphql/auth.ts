// Why a field was refused, as the client should hear it: a session that has ended, a sign-in
// that is missing, or an account that lacks the power. Authorisation itself lives in the
// scopes each field declares (builder.ts), never in resolver bodies.
import { AuthScopeFailureType, type AuthFailure } from "@pothos/plugin-scope-auth";
import { CURATOR_REQUIRED } from "../domains/accounts/curators.ts";
import { SIGN_IN_REQUIRED } from "../domains/accounts/service.ts";
import { SESSION_ENDED } from "../domains/accounts/sessions.ts";
import { forbidden, unauthenticated, type ClientError } from "../errors.ts";
import type { GraphQLContext } from "./context.ts";

function failedScopes(failure: AuthFailure): string[] {
  switch (failure.kind) {
    case AuthScopeFailureType.AuthScope:
      return [failure.scope];
    case AuthScopeFailureType.AnyAuthScopes:
    case AuthScopeFailureType.AllAuthScopes:
      return failure.failures.flatMap(failedScopes);
    default:
      return [];
  }
}

export function refusal(ctx: GraphQLContext, failure: AuthFailure): ClientError {
  if (ctx.tokenRefused) return unauthenticated(SESSION_ENDED);
  const scopes = failedScopes(failure);
  if (scopes.includes("curator")) {
    return ctx.actor.userId ? forbidden(CURATOR_REQUIRED) : unauthenticated(`${CURATOR_REQUIRED}: sign in as a curator`);
  }
  if (scopes.includes("user")) return unauthenticated(SIGN_IN_REQUIRED);
  return forbidden("This belongs to another account");
}
