// Plugins, scalars and the context type. Object types live in their domains.
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ValidationPlugin from "@pothos/plugin-validation";
import type PrismaTypes from "../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import { badInput } from "../errors.ts";
import type { GraphQLContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
  };
}>({
  plugins: [PrismaPlugin, RelayPlugin, ValidationPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    maxConnectionSize: 100,
    defaultConnectionSize: 24,
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "error",
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
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

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
