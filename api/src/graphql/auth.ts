// Why a field was refused, as the client should hear it: a session that has ended, a sign-in
// that is missing, or an account that lacks the power. Authorisation itself lives in the
// scopes each field declares (builder.ts), never in resolver bodies.
import { AuthScopeFailureType, type AuthFailure } from "@pothos/plugin-scope-auth";
import { curatorRefusal, sessionEndedRefusal, signInRefusal } from "../domains/accounts/access.ts";
import { ClientError, forbidden } from "../errors.ts";
import type { GraphQLContext } from "./context.ts";

/** A scope rule that refused with its own reason (a scope loader that threw a client error). */
function ownReason(failure: AuthFailure): ClientError | undefined {
  switch (failure.kind) {
    case AuthScopeFailureType.AuthScope:
    case AuthScopeFailureType.AuthScopeFunction:
      return failure.error instanceof ClientError ? failure.error : undefined;
    case AuthScopeFailureType.AnyAuthScopes:
    case AuthScopeFailureType.AllAuthScopes:
      return failure.failures.map(ownReason).find(Boolean);
    default:
      return undefined;
  }
}

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
  if (ctx.tokenRefused) return sessionEndedRefusal();
  const reason = ownReason(failure);
  if (reason) return reason;
  const scopes = failedScopes(failure);
  if (scopes.includes("curator")) {
    return curatorRefusal(ctx.actor);
  }
  if (scopes.includes("user")) return signInRefusal();
  return forbidden("This belongs to another account");
}
