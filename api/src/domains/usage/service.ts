// Usage: what each act costs. Every synthesis, glyph ritual, plain invocation and forged or
// remixed agent is counted for the user who did it; syntheses and glyph rituals have daily
// quotas (per user, or per address for visitors), and visitors' writes an abuse limit.
// Callers hook in with one line before the act: `await usage.charge(actor, "synth")`.
import { actorKey, isSignedIn, type Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import type { Limits } from "../../config.ts";
import { Prisma, type PrismaClient, type User } from "../../../generated/prisma/client.ts";
import { quotaReached, rateLimited } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import { dailyLimit, MAX_RITUAL_TIER, QUOTA_MESSAGES, ritualTierFor, startOfUtcDay, type QuotaKind } from "../accounts/quotas.ts";
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

export type DailyAllowance = { synth: Remaining | null; summon: Remaining | null; resetsAt: Date };

export type UsageDeps = {
  prisma: PrismaClient;
  clock: Clock;
  counters: CounterStore;
  /** Off: acts are counted but never refused for a quota. */
  dailyQuotas: boolean;
  limits: Pick<Limits, "anonymousWrites">;
};

export function createUsageService({ prisma, clock, counters, dailyQuotas, limits }: UsageDeps) {
  const writes = limits.anonymousWrites && counters.counter("anonymous-writes", limits.anonymousWrites);
  // Keys carry the UTC day, so a visitor's count starts afresh at midnight; they expire after two.
  const visitorQuotas = {
    synth: counters.counter("quota-synth", { points: dailyLimit("synth", 1), seconds: (2 * DAY_MS) / 1000 }),
    summon: counters.counter("quota-summon", { points: dailyLimit("summon", 1), seconds: (2 * DAY_MS) / 1000 }),
  };
  const secondsToMidnight = (now: Date) => (startOfUtcDay(now).getTime() + DAY_MS - now.getTime()) / 1000;

  async function throttle(actor: Actor): Promise<void> {
    if (!writes || isSignedIn(actor)) return;
    const wait = await writes.take(actorKey(actor));
    if (wait === null) return;
    metrics.quotaRefusals.inc({ kind: "visitor-writes" });
    throw rateLimited(`Too many writes from your address. Try again in ${wait} seconds.`, wait);
  }

  async function chargeVisitor(actor: Actor, kind: QuotaKind, now: Date): Promise<void> {
    if (!dailyQuotas) return;
    const day = startOfUtcDay(now).toISOString().slice(0, 10);
    if ((await visitorQuotas[kind].take(`${day}:${actorKey(actor)}`)) !== null) {
      metrics.quotaRefusals.inc({ kind });
      throw quotaReached(QUOTA_MESSAGES[kind], secondsToMidnight(now));
    }
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
    if (counted === 0) {
      metrics.quotaRefusals.inc({ kind });
      throw quotaReached(QUOTA_MESSAGES[kind], secondsToMidnight(now));
    }
  }

  /** What a ritual tier is earned by (quotas.ts), and the tier held now. */
  const standing = { verified: true, agentsCreated: true, ritualTier: true } as const;

  /** Raises a user's ritual tier to what their standing earns (never lowers it). */
  async function settleTier(userId: string, user: { verified: boolean; agentsCreated: number; ritualTier: number }): Promise<void> {
    const tier = Math.max(user.ritualTier, ritualTierFor(user));
    if (tier !== user.ritualTier) await prisma.user.update({ where: { id: userId }, data: { ritualTier: tier } });
  }

  return {
    /** Before an act: refuses it (429) past an abuse limit or a daily quota; otherwise counts it. */
    async charge(actor: Actor, act: Act): Promise<void> {
      await throttle(actor);
      const { userId } = actor;
      if (act === "synth" || act === "summon") {
        await (userId ? chargeUser(userId, act, clock()) : chargeVisitor(actor, act, clock()));
      } else if (userId && act === "echo") {
        await prisma.user.update({ where: { id: userId }, data: { echoInteractions: { increment: 1 } } });
      } else if (userId) {
        await settleTier(userId, await prisma.user.update({ where: { id: userId }, data: { agentsCreated: { increment: 1 } }, select: standing }));
      }
    },

    /** How many more of `kind` the actor may do today (null when quotas are off). */
    async remaining(actor: Actor, kind: QuotaKind): Promise<Remaining | null> {
      if (!dailyQuotas) return null;
      const now = clock();
      if (!actor.userId) {
        const used = await visitorQuotas[kind].used(`${startOfUtcDay(now).toISOString().slice(0, 10)}:${actorKey(actor)}`);
        const limit = dailyLimit(kind, 1);
        return { left: Math.max(0, limit - used), limit };
      }
      const user = await prisma.user.findUnique({ where: { id: actor.userId }, select: { dailySynthRuns: true, dailySummonRituals: true, lastDailyReset: true, ritualTier: true } });
      if (!user) return null;
      const stale = user.lastDailyReset < startOfUtcDay(now);
      const used = stale ? 0 : kind === "synth" ? user.dailySynthRuns : user.dailySummonRituals;
      const limit = dailyLimit(kind, user.ritualTier);
      return { left: Math.max(0, limit - used), limit };
    },
    /**
     * What the caller may still do today, before being refused: Council questions and glyph
     * rituals left of the day's limit (null when quotas are off), and when the day turns.
     */
    async allowance(actor: Actor): Promise<DailyAllowance> {
      const [synth, summon] = await Promise.all([this.remaining(actor, "synth"), this.remaining(actor, "summon")]);
      return { synth, summon, resetsAt: new Date(startOfUtcDay(clock()).getTime() + DAY_MS) };
    },

    /** Before any other write a visitor may make (waitlist, nomination, whisper, registration). */
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

    /** After a change of standing (a verified email): the tier it now earns. */
    async raiseTier(userId: string): Promise<void> {
      await settleTier(userId, await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: standing }));
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
