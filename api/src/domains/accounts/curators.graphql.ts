// Curators in the graph: who is signed in as one, and their separate sign-in and sign-out.
import { builder } from "../../graphql/builder.ts";
import type { PublicCurator } from "./curators.ts";
import { LoginInput, MessagePayload } from "./graphql.ts";
import { freshStart } from "./access.ts";
import { MESSAGES } from "./messages.ts";

export const CuratorRef = builder.objectRef<PublicCurator>("Curator").implement({
  description: "A curator account (council_users): apart from users, with powers of its own.",
  // Readable by that curator, or where a field grants it (the payload of signing in).
  authScopes: (curator, ctx) => curator.id === ctx.actor.curatorId || { $granted: "account" },
  fields: (t) => ({
    name: t.exposeString("name"),
    email: t.exposeString("email"),
  }),
});

const CuratorLoginPayload = builder.objectRef<{ token: string; message: string; curator: PublicCurator }>("CuratorLoginPayload").implement({
  fields: (t) => ({
    token: t.exposeString("token", { description: "A curator's bearer token, for the curator-only mutations." }),
    message: t.exposeString("message"),
    curator: t.field({ type: CuratorRef, grantScopes: ["account"], resolve: (payload) => payload.curator }),
  }),
});

builder.queryField("curator", (t) =>
  t.field({
    type: CuratorRef,
    nullable: true,
    description: "The signed-in curator, or null.",
    resolve: (_root, _args, ctx) => ctx.services.curators.viewer(ctx.actor),
  }),
);

builder.mutationFields((t) => ({
  curatorLogin: t.field({
    type: CuratorLoginPayload,
    skipTypeScopes: freshStart("curatorLogin"),
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ message: MESSAGES.loggedIn, ...(await ctx.services.curators.login(input, ctx.actor)) }),
  }),
  curatorLogout: t.field({
    type: MessagePayload,
    authScopes: { curator: true },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.curators.logout(ctx.actor);
      return { message: MESSAGES.loggedOut };
    },
  }),
}));
