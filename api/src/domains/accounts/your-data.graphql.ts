// Your data in the graph (#30 item 8): what deleting the account would do, and the deletion. The
// archive itself is a file, served by REST alone (GET /api/account/export), as cards' PNGs are.
import { deleteAccountSchema } from "@nomina/shared/accounts";
import { builder } from "../../graphql/builder.ts";
import type { DeletionSummary } from "./your-data.ts";

const AccountDeletionRef = builder.objectRef<DeletionSummary>("AccountDeletion").implement({
  description:
    "What deleting the account does: its agents go, except those that stay (credited to 'anonymous') because others' agents descend from them or they sit on the Council, and those that depart because others' threads speak with them (their name and glyph stay in those threads, the rest is erased); its threads, their whispers and its Council sessions go.",
  fields: (t) => ({
    agents: t.exposeInt("agents", { description: "Agents the account made." }),
    kept: t.exposeInt("kept", { description: "Of those, the ones that stay in the network, credited to 'anonymous'." }),
    departed: t.exposeInt("departed", {
      description:
        "Of those, the ones that depart: others' threads with them stay, showing their name and glyph; all else they were is erased, and no one can speak with them again.",
    }),
    threads: t.exposeInt("threads"),
    councilSessions: t.exposeInt("councilSessions"),
  }),
});

const DeleteAccountInput = builder
  .inputType("DeleteAccountInput", {
    fields: (t) => ({
      password: t.string({ required: false, description: "The account's password; for an account without one, give `email`." }),
      email: t.string({ required: false, description: "The account's email, typed out: for an account that signs in elsewhere." }),
    }),
  })
  .validate(deleteAccountSchema);

builder.queryField("accountDeletion", (t) =>
  t.field({
    type: AccountDeletionRef,
    authScopes: { user: true },
    description: "What deleting the signed-in account would do.",
    resolve: (_root, _args, ctx) => ctx.services.yourData.deletionSummary(ctx.actor),
  }),
);

builder.mutationField("deleteAccount", (t) =>
  t.field({
    type: AccountDeletionRef,
    authScopes: { user: true },
    description:
      "Deletes the signed-in account, its sessions and what it made and said, but for the agents that stay or depart (see AccountDeletion); nothing of anyone else's goes. Asks for the password again.",
    args: { input: t.arg({ type: DeleteAccountInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.yourData.deleteAccount(input, ctx.actor),
  }),
);
