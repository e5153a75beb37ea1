// Plugins, scalars and the context type. Object types live in their domains.
import SchemaBuilder from "@pothos/core";
import { z } from "zod";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import type PrismaTypes from "../../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../../generated/pothos-prisma-types.ts";
import { badInput } from "../errors.ts";
import { unusedQueryCheck } from "./developer-checks.ts";
import { listMaximum } from "./cost.ts";
import { refusal } from "./auth.ts";
import { rawId } from "./ids.ts";
import { known, MAX_NODES, readable, TOO_MANY_NODES } from "./nodes.ts";
import type { GraphQLContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  AuthScopes: {
    /** No token was sent, or the one sent names a live session. */
    validToken: boolean;
    user: boolean;
    curator: boolean;
    /** The caller may change the agent this id names: its creator, or a curator (genesis: curators only). */
    agentOwner: string;
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
  };
}>({
  // Scope auth first, so that nothing else runs for a refused field.
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, ValidationPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      validToken: !ctx.tokenRefused,
      user: ctx.actor.userId !== null,
      curator: ctx.actor.curatorId !== null,
      // An id that names no agent passes: that it names nothing is the field's answer (404), not a refusal.
      agentOwner: (ref: string) => ctx.services.creators.mayChangeRef(rawId("Agent", ref), ctx.actor),
    }),
    unauthorizedError: (_parent, ctx, _info, result) => refusal(ctx, result.failure),
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    maxConnectionSize: 100,
    defaultConnectionSize: 24,
    // A test fails on it; in development it is a warning in the log (developer-checks.ts), never a
    // failed field of a visitor's request; production does not check.
    onUnusedQuery: unusedQueryCheck(process.env.NODE_ENV),
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // An id that names nothing resolves to null (graphql/nodes.ts); Pothos' lookup reads
    // `args.ids` itself, so the ids that name nothing are replaced there by nulls, which it skips.
    // An object the caller may not read (a private conversation) names nothing too.
    nodeQueryOptions: { resolve: async (_root, args, ctx, info, lookup) => ((await readable(known(args.id, info), ctx)) ? lookup(args.id) : null) },
    nodesQueryOptions: {
      args: { ids: { validate: z.array(z.unknown()).max(MAX_NODES, TOO_MANY_NODES) } },
      extensions: listMaximum(MAX_NODES),
      resolve: async (_root, args, ctx, info, lookup) => {
        args.ids = await Promise.all(args.ids.map(async (id) => ((await readable(known(id, info), ctx)) ? id : null!)));
        return lookup(args.ids);
      },
    },
  },
  validation: {
    // The first failed rule, with the spec's message, as a client error naming its field.
    validationError: (failure) => {
      const issue = failure.issues[0];
      const path = issue?.path?.map((part) => (typeof part === "object" ? part.key : part)) ?? [];
      const field = path.filter((part) => part !== "input").join(".") || undefined;
      return badInput(issue?.message ?? "Invalid input", field);
    },
  },
});

builder.scalarType("DateTime", {
  description: "An instant, as an ISO-8601 string in UTC.",
  serialize: (value) => (value instanceof Date ? value : new Date(value)).toISOString(),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw new TypeError("DateTime must be an ISO-8601 string");
    return date;
  },
});

// A stale token is refused on every root field, except those that sign in afresh
// (skipTypeScopes), so a client learns at once that its session is over.
builder.queryType({ authScopes: { validToken: true } });
builder.mutationType({ authScopes: { validToken: true } });
builder.subscriptionType({ authScopes: { validToken: true } });
