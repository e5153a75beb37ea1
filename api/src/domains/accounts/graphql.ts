// Accounts in the graph: the User node (readable by its owner only), viewer, and the
// register / login / logout / changePassword / email verification mutations.
import { builder } from "../../graphql/builder.ts";
import type { UsageReport } from "../usage/service.ts";
import { freshStart } from "./access.ts";
import { MESSAGES } from "./messages.ts";
import { changePasswordSchema, creditOf, loginSchema, profileSchema, registerSchema, verifyEmailSchema } from "@nomina/shared/accounts";
import type { PublicUser } from "./service.ts";

const UsageRef = builder.objectRef<UsageReport>("Usage").implement({
  description: "What the account has done, in all and today (the day turns at midnight UTC).",
  fields: (t) => ({
    synthRuns: t.exposeInt("synthRuns", { description: "Summoning Gate syntheses." }),
    summonRituals: t.exposeInt("summonRituals", { description: "Glyph rituals: truth, poem, secret." }),
    echoInteractions: t.exposeInt("echoInteractions", { description: "Plain invocations of an agent." }),
    agentsCreated: t.exposeInt("agentsCreated", { description: "Agents forged or remixed." }),
    dailySynthRuns: t.exposeInt("dailySynthRuns"),
    dailySynthLimit: t.int({ resolve: (usage) => usage.dailyLimits.synth }),
    dailySummonRituals: t.exposeInt("dailySummonRituals"),
    dailySummonLimit: t.int({ resolve: (usage) => usage.dailyLimits.summon }),
    resetsAt: t.expose("resetsAt", { type: "DateTime", description: "When today's counts return to zero." }),
  }),
});

export const UserNode = builder.prismaNode("User", {
  nullable: true,
  id: { field: "id" },
  // An account is readable by its owner, or where a field grants it (the payloads of signing in).
  authScopes: (user, ctx) => user.id === ctx.actor.userId || { $granted: "account" },
  fields: (t) => ({
    rawId: t.exposeString("id"),
    name: t.exposeString("name"),
    displayName: t.exposeString("displayName", { nullable: true, description: "How its agents credit it in place of its name; null: its name." }),
    anonymous: t.exposeBoolean("anonymous", { description: "Its agents are credited to 'anonymous' and it has no creator page." }),
    credit: t.string({
      description: "What its agents say in 'Created by'.",
      select: { name: true, displayName: true, anonymous: true },
      resolve: (user) => creditOf(user),
    }),
    email: t.exposeString("email"),
    verified: t.exposeBoolean("verified"),
    profileImageUrl: t.exposeString("profileImageUrl", { nullable: true }),
    loginCount: t.exposeInt("loginCount", { description: "Connections: how many times the account signed in." }),
    lastSeen: t.expose("lastSeen", { type: "DateTime", nullable: true }),
    ritualTier: t.exposeInt("ritualTier", { description: "Each tier above 1 adds the tier-1 daily limits again." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    usage: t.field({
      type: UsageRef,
      select: {
        synthRuns: true,
        summonRituals: true,
        echoInteractions: true,
        agentsCreated: true,
        dailySynthRuns: true,
        dailySummonRituals: true,
        lastDailyReset: true,
        ritualTier: true,
      },
      resolve: (user, _args, ctx) => ctx.services.usage.report(user),
    }),
  }),
});

/** A payload's user: read afresh with the client's selection, and readable there without a session. */
type WithUser = { message: string; user: PublicUser };

const userPayload = <T extends WithUser>(name: string, token?: (payload: T) => string) =>
  builder.objectRef<T>(name).implement({
    fields: (t) => ({
      ...(token
        ? { token: t.string({ description: "A bearer token: send it as Authorization, or as connection_init's authorization.", resolve: token }) }
        : {}),
      message: t.string({ resolve: (payload) => payload.message }),
      user: t.prismaField({
        type: "User",
        grantScopes: ["account"],
        resolve: (query, payload, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.user.id } }),
      }),
    }),
  });

const RegisterPayload = userPayload<WithUser>("RegisterPayload");
const ChangePasswordPayload = userPayload<WithUser>("ChangePasswordPayload");
const LoginPayload = userPayload<WithUser & { token: string }>("LoginPayload", (payload) => payload.token);

export const MessagePayload = builder.objectRef<{ message: string }>("MessagePayload").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

const VerifyEmailPayload = builder.objectRef<{ message: string; verified: boolean }>("VerifyEmailPayload").implement({
  fields: (t) => ({ message: t.exposeString("message"), verified: t.exposeBoolean("verified") }),
});

const RegisterInput = builder
  .inputType("RegisterInput", {
    fields: (t) => ({ name: t.string({ required: true }), email: t.string({ required: true }), password: t.string({ required: true }) }),
  })
  .validate(registerSchema);

export const LoginInput = builder
  .inputType("LoginInput", { fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }) })
  .validate(loginSchema);

const ChangePasswordInput = builder
  .inputType("ChangePasswordInput", {
    fields: (t) => ({ currentPassword: t.string({ required: true }), newPassword: t.string({ required: true }) }),
  })
  .validate(changePasswordSchema);

const UpdateProfileInput = builder
  .inputType("UpdateProfileInput", {
    fields: (t) => ({
      displayName: t.string({ required: false, description: "How its agents credit it; empty or null: its name." }),
      anonymous: t.boolean({ required: false, description: "Credit its agents to 'anonymous', with no creator page." }),
    }),
  })
  .validate(profileSchema);

const VerifyEmailInput = builder.inputType("VerifyEmailInput", { fields: (t) => ({ token: t.string({ required: true }) }) }).validate(verifyEmailSchema);

builder.queryField("viewer", (t) =>
  t.prismaField({
    type: "User",
    nullable: true,
    description: "The signed-in user, or null.",
    resolve: (query, _root, _args, ctx) => (ctx.actor.userId ? ctx.prisma.user.findUnique({ ...query, where: { id: ctx.actor.userId } }) : null),
  }),
);

builder.mutationFields((t) => ({
  register: t.field({
    type: RegisterPayload,
    skipTypeScopes: freshStart("register"),
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ message: MESSAGES.registered, user: await ctx.services.accounts.register(input, ctx.actor) }),
  }),
  login: t.field({
    type: LoginPayload,
    skipTypeScopes: freshStart("login"),
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ message: MESSAGES.loggedIn, ...(await ctx.services.accounts.login(input, ctx.actor)) }),
  }),
  logout: t.field({
    type: MessagePayload,
    authScopes: { user: true },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.accounts.logout(ctx.actor);
      return { message: MESSAGES.loggedOut };
    },
  }),
  changePassword: t.field({
    type: ChangePasswordPayload,
    authScopes: { user: true },
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      message: MESSAGES.passwordChanged,
      user: await ctx.services.accounts.changePassword(input, ctx.actor),
    }),
  }),
  updateProfile: t.prismaField({
    type: "User",
    authScopes: { user: true },
    description: "How the account's agents credit it: a display name, or anonymous. Its agents' 'Created by' follows at once.",
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const user = await ctx.services.accounts.updateProfile(input, ctx.actor);
      return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: user.id } });
    },
  }),
  verifyEmail: t.field({
    type: VerifyEmailPayload,
    skipTypeScopes: freshStart("verifyEmail"),
    args: { input: t.arg({ type: VerifyEmailInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ message: MESSAGES.verified, verified: (await ctx.services.accounts.verifyEmail(input.token)).verified }),
  }),
  resendVerification: t.field({
    type: MessagePayload,
    authScopes: { user: true },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.accounts.resendVerification(ctx.actor);
      return { message: MESSAGES.verificationSent };
    },
  }),
}));
