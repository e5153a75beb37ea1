// The Naming Ritual waitlist in the graph. An entry's email is never readable back.
import type { WaitlistEntry } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { WAITLIST_PURPOSES } from "@nomina/shared/enums";
import { joinWaitlistSchema } from "@nomina/shared/waitlist";

const WaitlistPurposeEnum = builder.enumType("WaitlistPurpose", { values: WAITLIST_PURPOSES });

const WaitlistEntryNode = builder.prismaNode("WaitlistEntry", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    name: t.exposeString("name"),
    agentType: t.expose("agentType", { type: WaitlistPurposeEnum }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const JoinWaitlistInput = builder
  .inputType("JoinWaitlistInput", {
    fields: (t) => ({
      name: t.string({ required: true, description: "The secret name." }),
      email: t.string({ required: true, description: "The neural link." }),
      agentType: t.field({ type: WaitlistPurposeEnum, required: true }),
    }),
  })
  .validate(joinWaitlistSchema);

const JoinWaitlistPayload = builder.objectRef<{ entry: WaitlistEntry; created: boolean }>("JoinWaitlistPayload").implement({
  fields: (t) => ({
    entry: t.field({ type: WaitlistEntryNode, resolve: (payload) => payload.entry }),
    created: t.exposeBoolean("created", { description: "False when the email was already on the list and its entry was updated." }),
  }),
});

builder.mutationField("joinWaitlist", (t) =>
  t.field({
    type: JoinWaitlistPayload,
    args: { input: t.arg({ type: JoinWaitlistInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.waitlist.join(input, ctx.actor),
  }),
);
