// Accounts: registration, sign-in, sessions, password changes and email verification, used
// alike by REST and GraphQL. A user row leaves this module without its password hash.
import type { Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Prisma, PrismaClient, User } from "../../../generated/prisma/client.ts";
import { badInput, conflict, rateLimited } from "../../errors.ts";
import type { Logger } from "../../logger.ts";
import type { CounterStore } from "../usage/counters.ts";
import type { UsageService } from "../usage/service.ts";
import { checkSignIn, requireUser } from "./access.ts";
import type { SignInGuard } from "./attempts.ts";
import { assertDisplayNameFree } from "./display-names.ts";
import type { Mailer } from "./mail.ts";
import { hashPassword, prepareDecoy, verifyPassword } from "./passwords.ts";
import { creditOf, type ChangePasswordInput, type LoginInput, type ProfileInput, type RegisterInput } from "@nomina/shared/accounts";
import { hashKey, type Sessions } from "./sessions.ts";
import { newVerificationToken, VERIFICATION_TTL_MS, VERIFICATION_TYPE, verificationLink, verificationMail } from "./verification.ts";

export type PublicUser = Omit<User, "passwordHash">;

export const INVALID_VERIFICATION = "This verification link is invalid or has expired";

/** Verification mails one account may ask for per hour. */
const VERIFICATION_MAILS_PER_HOUR = 5;

const omitHash = { passwordHash: true } as const;

/**
 * Moves what a visitor key owns (threads, council sessions, agents: each domain gives one) to
 * the account that key's browser has just signed in to or registered.
 */
export type VisitorAdopter = (tx: Prisma.TransactionClient, visitorId: string, userId: string) => Promise<unknown>;

export type AccountDeps = {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  sessions: Sessions;
  usage: UsageService;
  guard: SignInGuard;
  counters: CounterStore;
  mailer: Mailer;
  publicUrl: string;
  adopters?: readonly VisitorAdopter[];
};

export function createAccountService(deps: AccountDeps) {
  const { prisma, clock, log, sessions, usage, guard, mailer } = deps;
  const mails = deps.counters.counter("verification-mail", { points: VERIFICATION_MAILS_PER_HOUR, seconds: 3600 });
  prepareDecoy().catch((error: unknown) => log.warn({ err: error }, "the decoy password hash could not be prepared"));

  /** Creates a verification token and mails its link; a mail failure is logged, not fatal. */
  async function sendVerification(user: Pick<User, "id" | "name" | "email">): Promise<void> {
    const token = newVerificationToken();
    await prisma.verificationToken.create({
      data: { userId: user.id, token: hashKey(token), type: VERIFICATION_TYPE, expiresAt: new Date(clock().getTime() + VERIFICATION_TTL_MS) },
    });
    try {
      await mailer.send(verificationMail(user, verificationLink(deps.publicUrl, token)));
    } catch (error) {
      log.error({ err: error, userId: user.id }, "the verification mail could not be sent");
    }
  }

  /** What the visitor key of `actor` owns becomes `userId`'s, all of it or none. */
  async function adoptVisitor(actor: Actor, userId: string): Promise<void> {
    const adopters = deps.adopters ?? [];
    if (!actor.visitorId || adopters.length === 0) return;
    const visitorId = actor.visitorId;
    await prisma.$transaction(async (tx) => {
      for (const adopt of adopters) await adopt(tx, visitorId, userId);
    });
  }

  return {
    async register(input: RegisterInput, actor: Actor): Promise<PublicUser> {
      const admitted = await usage.register(actor);
      // An email already taken created nothing: it does not count against the address.
      const taken = async () => {
        await admitted.refund();
        return conflict("An account with this email already exists", "email");
      };
      if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw await taken();
      const passwordHash = await hashPassword(input.password);
      let user: PublicUser;
      try {
        // The account's age (which ritual tiers wait on) is the app's clock, as its day is.
        const now = clock();
        user = await prisma.user.create({
          data: { name: input.name, email: input.email, passwordHash, lastDailyReset: now, createdAt: now },
          omit: omitHash,
        });
      } catch (error) {
        if (isUniqueViolation(error, "email")) throw await taken();
        throw error;
      }
      await sendVerification(user);
      await adoptVisitor(actor, user.id);
      return user;
    },

    /** A new session for the right email and password; its token, and the user. */
    async login(input: LoginInput, actor: Actor): Promise<{ token: string; user: PublicUser }> {
      const found = await checkSignIn(guard, input, actor.address, () =>
        prisma.user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true } }),
      );
      await adoptVisitor(actor, found.id);
      // What others did with the user's agents since may have earned a tier.
      await usage.raiseTier(found.id);
      const now = clock();
      const { token, row } = sessions.issue("user", found.id);
      const [, , user] = await prisma.$transaction([
        prisma.session.deleteMany({ where: { userId: found.id, expiresAt: { lte: now } } }),
        prisma.session.create({ data: { ...row, userId: found.id } }),
        prisma.user.update({ where: { id: found.id }, data: { loginCount: { increment: 1 }, lastSeen: now }, omit: omitHash }),
      ]);
      return { token, user };
    },

    /** The signed-in user, or null. */
    viewer(actor: Actor): Promise<PublicUser | null> {
      return actor.userId ? prisma.user.findUnique({ where: { id: actor.userId }, omit: omitHash }) : Promise.resolve(null);
    },

    /** Ends the session this request rides on; the token stops working at once. */
    async logout(actor: Actor): Promise<void> {
      const { sessionId } = requireUser(actor);
      await prisma.session.deleteMany({ where: { id: sessionId } });
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(input: ChangePasswordInput, actor: Actor): Promise<PublicUser> {
      const { userId, sessionId } = requireUser(actor);
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
      // A stolen session must not make guessing the current password cheap.
      await guard.attempt(user.email, actor.address);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badInput("Current password is incorrect", "currentPassword");
      await guard.succeeded(user.email, actor.address);
      const passwordHash = await hashPassword(input.newPassword);
      const [updated] = await prisma.$transaction([
        prisma.user.update({ where: { id: userId }, data: { passwordHash }, omit: omitHash }),
        prisma.session.deleteMany({ where: { userId, id: { not: sessionId } } }),
      ]);
      return updated;
    },

    /** Marks the token's user verified (the token is spent) and raises their ritual tier (once the account is old enough). */
    async verifyEmail(token: string): Promise<PublicUser> {
      const row = await prisma.verificationToken.findUnique({ where: { token: hashKey(token) } });
      if (!row || row.type !== VERIFICATION_TYPE || row.expiresAt <= clock()) throw badInput(INVALID_VERIFICATION, "token");
      await prisma.$transaction([
        prisma.user.update({ where: { id: row.userId }, data: { verified: true } }),
        prisma.verificationToken.deleteMany({ where: { userId: row.userId, type: VERIFICATION_TYPE } }),
      ]);
      await usage.raiseTier(row.userId);
      return prisma.user.findUniqueOrThrow({ where: { id: row.userId }, omit: omitHash });
    },

    /**
     * How the signed-in user's agents credit it (#30): a display name (null: its name) or
     * anonymous. Its agents' "Created by" is rewritten in the same transaction: one statement by
     * the (creator) index, over the user's own agents. A display name about to be credited (new,
     * or kept while the account comes out of anonymity) must not look like a curator's name or
     * another creator's credit (display-names.ts).
     */
    async updateProfile(input: ProfileInput, actor: Actor): Promise<PublicUser> {
      const { userId } = requireUser(actor);
      return prisma.$transaction(async (tx) => {
        const current = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true, anonymous: true } });
        const displayName = input.displayName === undefined ? current.displayName : input.displayName;
        const anonymous = input.anonymous ?? current.anonymous;
        const credited = displayName !== null && !anonymous && (displayName !== current.displayName || current.anonymous);
        if (credited) await assertDisplayNameFree(tx, displayName, userId);
        const user = await tx.user.update({
          where: { id: userId },
          data: {
            ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
            ...(input.anonymous !== undefined ? { anonymous: input.anonymous } : {}),
          },
          omit: omitHash,
        });
        await tx.agent.updateMany({ where: { creatorId: userId }, data: { createdBy: creditOf(user) } });
        return user;
      });
    },

    /** Mails a fresh verification link to the signed-in user. */
    async resendVerification(actor: Actor): Promise<PublicUser> {
      const { userId } = requireUser(actor);
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, omit: omitHash });
      if (user.verified) throw conflict("Your email is already verified");
      const wait = await mails.take(userId);
      if (wait !== null) throw rateLimited(`Too many verification mails. Try again in ${Math.ceil(wait / 60)} minutes.`, wait);
      await sendVerification(user);
      return user;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
