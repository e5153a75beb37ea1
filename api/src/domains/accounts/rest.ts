// /api/auth routes (the contract's table), thin over the account service. A user object is
// built field by field, so neither the password hash nor any token can slip into it.
import { Hono } from "hono";
import { ClientError } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import type { UsageReport } from "../usage/service.ts";
import { MESSAGES } from "./messages.ts";
import { changePasswordSchema, creditOf, deleteAccountSchema, loginSchema, profileSchema, registerSchema, verifyEmailSchema } from "@nomina/shared/accounts";
import { signInRefusal } from "./access.ts";
import type { PublicUser } from "./service.ts";

/** Where a followed verification link lands: the Settings screen, told how it went. */
export const VERIFIED_REDIRECT = "/settings?verified=1";
export const VERIFY_FAILED_REDIRECT = "/settings?verified=0";

export function userJson(user: PublicUser, usage: UsageReport) {
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    anonymous: user.anonymous,
    credit: creditOf(user),
    email: user.email,
    verified: user.verified,
    profileImageUrl: user.profileImageUrl,
    loginCount: user.loginCount,
    lastSeen: user.lastSeen,
    ritualTier: user.ritualTier,
    createdAt: user.createdAt,
    synthRuns: usage.synthRuns,
    summonRituals: usage.summonRituals,
    echoInteractions: usage.echoInteractions,
    agentsCreated: usage.agentsCreated,
    dailySynthRuns: usage.dailySynthRuns,
    dailySummonRituals: usage.dailySummonRituals,
    dailyLimits: usage.dailyLimits,
    lastDailyReset: user.lastDailyReset,
    dailyResetsAt: usage.resetsAt,
  };
}

export function accountRoutes(services: Services) {
  const { accounts, usage } = services;
  const json = (user: PublicUser) => userJson(user, usage.report(user));
  return (
    new Hono()
      .post("/auth/register", async (c) => {
        const user = await accounts.register(await readJson(c, registerSchema), actorOf(c));
        return c.json({ message: MESSAGES.registered, user: json(user) }, 201);
      })
      .post("/auth/login", async (c) => {
        const { token, user } = await accounts.login(await readJson(c, loginSchema), actorOf(c));
        return c.json({ token, user: json(user), message: MESSAGES.loggedIn });
      })
      .get("/auth/user", async (c) => {
        const user = await accounts.viewer(actorOf(c));
        if (!user) throw signInRefusal();
        return c.json({ user: json(user) });
      })
      .post("/auth/logout", async (c) => {
        await accounts.logout(actorOf(c));
        return c.json({ message: MESSAGES.loggedOut });
      })
      // How the account's agents credit it (#30): a display name, or anonymous.
      .patch("/auth/profile", async (c) => {
        const user = await accounts.updateProfile(await readJson(c, profileSchema), actorOf(c));
        return c.json({ user: json(user) });
      })
      .post("/auth/change-password", async (c) => {
        await accounts.changePassword(await readJson(c, changePasswordSchema), actorOf(c));
        return c.json({ message: MESSAGES.passwordChanged });
      })
      // Your data (#30): everything the caller made and said, as one ZIP written as it is read.
      .get("/account/export", async (c) => {
        const { filename, body } = await services.yourData.archive(actorOf(c));
        return new Response(body, {
          headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
        });
      })
      .get("/account/deletion", async (c) => c.json({ deletion: await services.yourData.deletionSummary(actorOf(c)) }))
      .post("/account/delete", async (c) => {
        const deletion = await services.yourData.deleteAccount(await readJson(c, deleteAccountSchema), actorOf(c));
        return c.json({ message: MESSAGES.accountDeleted, deletion });
      })
      // The link in the verification mail: a person follows it and lands on Settings.
      .get("/auth/verify", async (c) => {
        const input = verifyEmailSchema.safeParse({ token: c.req.query("token") });
        const verified =
          input.success &&
          (await accounts.verifyEmail(input.data.token).then(
            () => true,
            (error: unknown) => {
              if (error instanceof ClientError) return false;
              throw error;
            },
          ));
        return c.redirect(verified ? VERIFIED_REDIRECT : VERIFY_FAILED_REDIRECT, 303);
      })
      .post("/auth/verify", async (c) => {
        const { token } = await readJson(c, verifyEmailSchema);
        const user = await accounts.verifyEmail(token);
        return c.json({ message: MESSAGES.verified, verified: user.verified });
      })
      .post("/auth/resend-verification", async (c) => {
        await accounts.resendVerification(actorOf(c));
        return c.json({ message: MESSAGES.verificationSent });
      })
  );
}
