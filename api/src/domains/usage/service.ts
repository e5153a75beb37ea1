// Usage: what each act costs. Every synthesis, glyph ritual, plain invocation and forged or
// remixed agent is counted for the user who did it; syntheses and glyph rituals have daily
// quotas (per user, or per address for visitors and for unverified users, who share their
// address's), visitors' and users' writes an abuse limit, and registration a limit per address.
// A Council seat asked again costs nothing a few times per question, then a question each.
// Callers hook in with one line before the act: `await usage.charge(actor, "synth")`; what it
// returns gives a quota back when the act failed before the person could read it (#41).
import { actorKey, addressKey, type Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import type { Limits } from "../../config.ts";
import { Prisma, type PrismaClient, type User } from "../../../generated/prisma/client.ts";
import { quotaReached, rateLimited } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import { dailyLimit, DEFAULT_TIER_AGE_HOURS, MAX_RITUAL_TIER, QUOTA_MESSAGES, ritualTierFor, startOfUtcDay, type QuotaKind } from "../accounts/quotas.ts";
import type { CounterStore } from "./counters.ts";

/** synth: a Summoning Gate synthesis; summon: a glyph ritual; echo: a plain invocation; agent: forged or remixed. */
export type Act = QuotaKind | "echo" | "agent";

const DAY_MS = 86_400_000;

/** The columns each quota counts in: today's and the lifetime total. */
const COLUMNS = {
  synth: { daily: "daily_synth_runs", total: "synth_runs", other: "daily_summon_rituals" },
  summon: { daily: "daily_summon_rituals", total: "summon_rituals", other: "daily_synth_runs" },
} as const;

export type UserCounters = Pick<
  User,
  "synthRuns" | "summonRituals" | "echoInteractions" | "agentsCreated" | "dailySynthRuns" | "dailySummonRituals" | "lastDailyReset" | "ritualTier"
>;

export type UsageReport = {
  synthRuns: number;
  summonRituals: number;
  echoInteractions: number;
  agentsCreated: number;
  /** Today's counts: zero once the day has turned since the last act. */
  dailySynthRuns: number;
  dailySummonRituals: number;
  dailyLimits: Record<QuotaKind, number>;
  /** The next midnight UTC, when today's counts return to zero. */
  resetsAt: Date;
};

export type Remaining = { left: number; limit: number };

/** What a charge hands back: `refund()` gives back what it took of a daily quota (once; nothing for acts without one). */
export type Receipt = { refund: () => Promise<void> };

const NOTHING_TAKEN: Receipt = { refund: async () => {} };

/** A receipt that gives back once, however often it is asked. */
function receiptFor(giveBack: () => Promise<void>): Receipt {
  let given: Promise<void> | undefined;
  return { refund: () => (given ??= giveBack()) };
}

export type DailyAllowance = { synth: Remaining | null; summon: Remaining | null; resetsAt: Date };

export type UsageDeps = {
  prisma: PrismaClient;
  clock: Clock;
  counters: CounterStore;
  /** Off: acts are counted but never refused for a quota. */
  dailyQuotas: boolean;
  limits: Pick<Limits, "anonymousWrites" | "userWrites" | "registrations" | "councilFreeRetries" | "tierAccountAgeHours">;
};

/** How long a question's free retries are remembered: past it, a seat may be asked again freely that many times more. */
const RETRY_MEMORY_SECONDS = 7 * 86_400;

/** A user's standing as far as quotas go: whether they pool with their address, and their tier. */
type Held = { verified: boolean; ritualTier: number };

export function createUsageService({ prisma, clock, counters, dailyQuotas, limits }: UsageDeps) {
  const writes = limits.anonymousWrites && counters.counter("anonymous-writes", limits.anonymousWrites);
  const userWrites = limits.userWrites && counters.counter("user-writes", limits.userWrites);
  const registrations = limits.registrations && counters.counter("registrations", limits.registrations);
  const freeRetries = limits.councilFreeRetries ?? 2;
  const retries = freeRetries > 0 ? counters.counter("council-retries", { points: freeRetries, seconds: RETRY_MEMORY_SECONDS }) : null;
  const minAgeMs = (limits.tierAccountAgeHours ?? DEFAULT_TIER_AGE_HOURS) * 3_600_000;
  // Keys carry the UTC day, so an address's count starts afresh at midnight; they expire after two.
  const addressQuotas = {
    synth: counters.counter("quota-synth", { points: dailyLimit("synth", 1), seconds: (2 * DAY_MS) / 1000 }),
    summon: counters.counter("quota-summon", { points: dailyLimit("summon", 1), seconds: (2 * DAY_MS) / 1000 }),
  };
  const secondsToMidnight = (now: Date) => (startOfUtcDay(now).getTime() + DAY_MS - now.getTime()) / 1000;
  /** The key an address's daily count is kept under (visitors and unverified users from it alike). */
  const addressDay = (actor: Actor, now: Date) => `${startOfUtcDay(now).toISOString().slice(0, 10)}:${addressKey(actor.address)}`;

  async function throttle(actor: Actor): Promise<void> {
    if (actor.curatorId && !actor.userId) return;
    const limit = actor.userId ? userWrites : writes;
    if (!limit) return;
    const wait = await limit.take(actorKey(actor));
    if (wait === null) return;
    if (actor.userId) {
      metrics.quotaRefusals.inc({ kind: "user-writes" });
      throw rateLimited(`Too many writes from your account. Try again in ${wait} seconds.`, wait);
    }
    metrics.quotaRefusals.inc({ kind: "visitor-writes" });
    throw rateLimited(`Too many writes from your address. Try again in ${wait} seconds.`, wait);
  }

  function refuse(kind: QuotaKind, now: Date): never {
    metrics.quotaRefusals.inc({ kind });
    throw quotaReached(QUOTA_MESSAGES[kind], secondsToMidnight(now));
  }

  /** Counts one of `kind` against the address's day (visitors, unverified users); refuses when spent. */
  async function chargeAddress(actor: Actor, kind: QuotaKind, now: Date): Promise<void> {
    if (!dailyQuotas) return;
    if ((await addressQuotas[kind].take(addressDay(actor, now))) !== null) refuse(kind, now);
  }

  /** One statement: resets the day if it has turned, then counts, unless the quota is spent. */
  async function chargeUser(userId: string, kind: QuotaKind, now: Date): Promise<void> {
    const { daily, total, other } = COLUMNS[kind];
    const [d, t, o] = [Prisma.raw(daily), Prisma.raw(total), Prisma.raw(other)];
    const today = startOfUtcDay(now);
    const counted = await prisma.$executeRaw`
      UPDATE users SET
        ${d} = CASE WHEN last_daily_reset < ${today}::timestamptz THEN 1 ELSE ${d} + 1 END,
        ${o} = CASE WHEN last_daily_reset < ${today}::timestamptz THEN 0 ELSE ${o} END,
        ${t} = ${t} + 1,
        last_daily_reset = GREATEST(last_daily_reset, ${today}::timestamptz),
        updated_at = ${now}::timestamptz
      WHERE id = ${userId}::uuid
        AND (NOT ${dailyQuotas}::boolean OR last_daily_reset < ${today}::timestamptz
             OR ${d} < ${dailyLimit(kind, 1)}::int * LEAST(GREATEST(ritual_tier, 1), ${MAX_RITUAL_TIER}::int))`;
    if (counted === 0) refuse(kind, now);
  }

  /**
   * Distinct others who did something with the user's agents: nominated one (each address, each
   * curator, each verified user once), remixed one or spoke with one in a thread (each verified
   * user once). A visitor's remixes and threads carry only a key its browser may change at will,
   * and an unverified account costs nothing to make, so neither counts.
   */
  async function othersActed(userId: string): Promise<number> {
    const own = `user:${userId}`;
    const [row] = await prisma.$queryRaw<{ others: number }[]>`
      SELECT COUNT(*)::int AS others FROM (
        SELECT n.nominator_key AS who
          FROM agent_nominations n JOIN agents a ON a.id = n.agent_id
         WHERE a.creator_id = ${userId}::uuid AND n.nominator_key <> ${own}
           AND (n.nominator_key NOT LIKE 'user:%'
                OR EXISTS (SELECT 1 FROM users u WHERE n.nominator_key = 'user:' || u.id::text AND u.verified))
        UNION
        SELECT 'user:' || r.remixer_id::text
          FROM agents r JOIN agents a ON a.id = r.parent_agent_id JOIN users u ON u.id = r.remixer_id
         WHERE a.creator_id = ${userId}::uuid AND r.remixer_id <> ${userId}::uuid AND u.verified
        UNION
        SELECT 'user:' || c.user_id::text
          FROM conversations c JOIN agents a ON a.id = c.agent_id JOIN users u ON u.id = c.user_id
         WHERE a.creator_id = ${userId}::uuid AND c.user_id <> ${userId}::uuid AND u.verified
      ) others`;
    return row?.others ?? 0;
  }

  /**
   * Raises a user's ritual tier to what their standing earns now (never lowers it); the others'
   * acts are only counted once the account is verified and old enough for them to matter.
   */
  async function settleTier(userId: string): Promise<Held | null> {
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { verified: true, createdAt: true, ritualTier: true } });
    if (!user) return null;
    const ageMs = clock().getTime() - user.createdAt.getTime();
    if (!user.verified || ageMs < minAgeMs || user.ritualTier >= MAX_RITUAL_TIER) return user;
    const tier = Math.max(user.ritualTier, ritualTierFor({ verified: true, ageMs, others: await othersActed(userId) }, minAgeMs));
    if (tier !== user.ritualTier) await prisma.user.update({ where: { id: userId }, data: { ritualTier: tier } });
    return { verified: user.verified, ritualTier: tier };
  }

  /** Gives back one of `kind` counted for the user on `now`'s day; a day that has turned since has nothing to give back. */
  async function refundUser(userId: string, kind: QuotaKind, now: Date): Promise<void> {
    const { daily, total } = COLUMNS[kind];
    const [d, t] = [Prisma.raw(daily), Prisma.raw(total)];
    await prisma.$executeRaw`
      UPDATE users SET ${d} = GREATEST(${d} - 1, 0), ${t} = GREATEST(${t} - 1, 0)
      WHERE id = ${userId}::uuid AND last_daily_reset = ${startOfUtcDay(now)}::timestamptz`;
  }

  /** Counts a synthesis or glyph ritual for the actor; an unverified user's counts against their address's day too. */
  async function chargeQuota(actor: Actor, kind: QuotaKind): Promise<Receipt> {
    const now = clock();
    const address = () => addressQuotas[kind].refund(addressDay(actor, now));
    if (!actor.userId) {
      await chargeAddress(actor, kind, now);
      return dailyQuotas ? receiptFor(address) : NOTHING_TAKEN;
    }
    const userId = actor.userId;
    const held = await settleTier(userId);
    const pooled = dailyQuotas && held !== null && !held.verified;
    if (pooled) await chargeAddress(actor, kind, now);
    try {
      await chargeUser(userId, kind, now);
    } catch (error) {
      if (pooled) await address();
      throw error;
    }
    return receiptFor(async () => {
      await refundUser(userId, kind, now);
      if (pooled) await address();
    });
  }

  async function addressLeft(actor: Actor, kind: QuotaKind, now: Date): Promise<number> {
    return Math.max(0, dailyLimit(kind, 1) - (await addressQuotas[kind].used(addressDay(actor, now))));
  }

  return {
    /**
     * Before an act: refuses it (429) past an abuse limit or a daily quota; otherwise counts it.
     * The receipt gives a quota back when the act failed before the person could read it.
     */
    async charge(actor: Actor, act: Act): Promise<Receipt> {
      await throttle(actor);
      const { userId } = actor;
      if (act === "synth" || act === "summon") return chargeQuota(actor, act);
      if (userId && act === "echo") {
        await prisma.user.update({ where: { id: userId }, data: { echoInteractions: { increment: 1 } } });
      } else if (userId) {
        await prisma.user.update({ where: { id: userId }, data: { agentsCreated: { increment: 1 } } });
      }
      return NOTHING_TAKEN;
    },

    /**
     * Before a Council seat is asked again (GraphQL's retryCouncilSeat; the one rule for every
     * transport): free COUNCIL_FREE_RETRIES times per seat of a question, then each retry costs
     * a question of the day's synthesis quota, and is refused with its message once that is spent.
     */
    async chargeRetry(actor: Actor, invocationId: string, seat: string): Promise<"free" | "charged"> {
      await throttle(actor);
      if (retries && (await retries.take(`${invocationId}:${seat}`)) === null) return "free";
      await chargeQuota(actor, "synth");
      return "charged";
    },

    /** Before an account is created: the address's registration limit (and the visitors' write limit). */
    async register(actor: Actor): Promise<{ refund(): Promise<void> }> {
      await throttle(actor);
      const key = addressKey(actor.address);
      if (registrations) {
        const wait = await registrations.take(key);
        if (wait !== null) {
          metrics.quotaRefusals.inc({ kind: "registrations" });
          const minutes = Math.ceil(wait / 60);
          throw rateLimited(`Too many accounts registered from your address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
        }
      }
      return { refund: async () => void (await registrations?.refund(key)) };
    },

    /** How many more of `kind` the actor may do today (null when quotas are off). */
    async remaining(actor: Actor, kind: QuotaKind): Promise<Remaining | null> {
      if (!dailyQuotas) return null;
      const now = clock();
      if (!actor.userId) return { left: await addressLeft(actor, kind, now), limit: dailyLimit(kind, 1) };
      const held = await settleTier(actor.userId);
      const user =
        held &&
        (await prisma.user.findUnique({ where: { id: actor.userId }, select: { dailySynthRuns: true, dailySummonRituals: true, lastDailyReset: true } }));
      if (!held || !user) return null;
      const stale = user.lastDailyReset < startOfUtcDay(now);
      const used = stale ? 0 : kind === "synth" ? user.dailySynthRuns : user.dailySummonRituals;
      const limit = dailyLimit(kind, held.ritualTier);
      const own = Math.max(0, limit - used);
      return { left: held.verified ? own : Math.min(own, await addressLeft(actor, kind, now)), limit };
    },
    /**
     * What the caller may still do today, before being refused: Council questions and glyph
     * rituals left of the day's limit (null when quotas are off), and when the day turns.
     */
    async allowance(actor: Actor): Promise<DailyAllowance> {
      const [synth, summon] = await Promise.all([this.remaining(actor, "synth"), this.remaining(actor, "summon")]);
      return { synth, summon, resetsAt: new Date(startOfUtcDay(clock()).getTime() + DAY_MS) };
    },

    /** Before any other write a visitor or user may make (waitlist, nomination, whisper). */
    throttle,

    /** A user's counters as Settings shows them, with the day's turn applied. */
    report(user: UserCounters): UsageReport {
      const today = startOfUtcDay(clock());
      const stale = user.lastDailyReset < today;
      return {
        synthRuns: user.synthRuns,
        summonRituals: user.summonRituals,
        echoInteractions: user.echoInteractions,
        agentsCreated: user.agentsCreated,
        dailySynthRuns: stale ? 0 : user.dailySynthRuns,
        dailySummonRituals: stale ? 0 : user.dailySummonRituals,
        dailyLimits: { synth: dailyLimit("synth", user.ritualTier), summon: dailyLimit("summon", user.ritualTier) },
        resetsAt: new Date(today.getTime() + DAY_MS),
      };
    },

    /** After a change of standing (a verified email, a sign-in): the tier it now earns. */
    async raiseTier(userId: string): Promise<void> {
      await settleTier(userId);
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
