// What happens to an agent, day by day (#30 items 3 and 6): every act (a conversation begun with
// it, an answer it gave, a remix made of it, a nomination) is kept in the act's own transaction
// as one more on its day's row (UTC, the database's clock) and, weighted, on two scores the
// listing sorts by: trendScore (the last 7 days) and activityTotal (all time). Nothing is
// recounted when read: the trending order reads an index, a chart reads at most 90 rows.
// The scores count distinct actors (#42 item 5): an act told who did it (`actedOn`) scores once
// per actor, kind, agent and day, so one visitor's forty remixes are one vote; the day's row
// still counts all forty for the creator's chart, and keeps what the day scored (`score`).
// Once a day the days that left the window are taken off trendScore (`roll`), and who acted
// before today is forgotten.
import { z } from "zod";
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.ts";
import { actorKey, type Actor } from "../../actor.ts";
import { forbidden, notFound } from "../../errors.ts";
import { mayChange } from "./creators.ts";

export const ACTIVITY_KINDS = ["conversations", "invocations", "remixes", "nominations"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What each act adds to the scores: an answer is the smallest act, a remix or a nomination the largest. */
export const ACTIVITY_WEIGHTS: Record<ActivityKind, number> = { conversations: 2, invocations: 1, remixes: 5, nominations: 5 };

/** The days the trending score counts, today included. */
export const TREND_DAYS = 7;

/** The spans a creator's charts cover. */
export const ACTIVITY_SPANS = [30, 90] as const;
export type ActivitySpan = (typeof ACTIVITY_SPANS)[number];

export const SPAN_REFUSED = `Days must be ${ACTIVITY_SPANS.join(" or ")}`;
/** The span a client asks for, checked (GraphQL's argument, REST's query). */
export const activitySpan = z.union(ACTIVITY_SPANS.map((span) => z.literal(span)) as [z.ZodLiteral<30>, z.ZodLiteral<90>], { message: SPAN_REFUSED });

export const STATS_NOT_YOURS = "Only its creator sees this agent's numbers";

const COLUMN: Record<ActivityKind, Prisma.Sql> = {
  conversations: Prisma.raw('"conversations"'),
  invocations: Prisma.raw('"invocations"'),
  remixes: Prisma.raw('"remixes"'),
  nominations: Prisma.raw('"nominations"'),
};

const TODAY = Prisma.sql`(now() AT TIME ZONE 'UTC')::date`;

/** What an act adds to the agent's two scores: merged into an update of the agent the act already writes. */
export function activityScores(kind: ActivityKind, count = 1) {
  const weight = ACTIVITY_WEIGHTS[kind] * count;
  return { trendScore: { increment: weight }, activityTotal: { increment: weight } } satisfies Prisma.AgentUpdateInput;
}

/** One more act of `kind` on the agent's row for today, scored as activityScores scored it; a statement for the act's transaction (interactive or batched). */
export function activityDay(db: Pick<Prisma.TransactionClient, "$executeRaw">, agentId: string, kind: ActivityKind, count = 1) {
  const column = COLUMN[kind];
  return db.$executeRaw`
    INSERT INTO "agent_activity_days" ("agent_id", "day", ${column}, "score") VALUES (${agentId}::uuid, ${TODAY}, ${count}::int, ${ACTIVITY_WEIGHTS[kind] * count}::int)
    ON CONFLICT ("agent_id", "day") DO UPDATE SET ${column} = "agent_activity_days".${column} + EXCLUDED.${column}, "score" = "agent_activity_days"."score" + EXCLUDED."score"`;
}

/**
 * One act of `kind` on `agentId` by `actor` (told apart as actorKey tells them: the account or
 * curator, else the address the quotas count by), in one statement for the act's transaction
 * (interactive or batched), in place of activityScores and activityDay: today's row counts it,
 * and the agent's scores and the day's score rise by the kind's weight only if it is the actor's
 * first act of this kind on the agent today. Who acted is a row of agent_activity_actors whose
 * key is the uniqueness (ON CONFLICT DO NOTHING), so two acts at once count once. The agent's
 * row is written either way, before the day's, as every act locks them.
 */
export function actedOn(db: Pick<Prisma.TransactionClient, "$executeRaw">, agentId: string, kind: ActivityKind, actor: Actor) {
  const column = COLUMN[kind];
  const who = actorKey(actor);
  return db.$executeRaw`
    WITH fresh AS (
      INSERT INTO "agent_activity_actors" ("day", "agent_id", "kind", "actor") VALUES (${TODAY}, ${agentId}::uuid, ${kind}, ${who})
      ON CONFLICT DO NOTHING RETURNING 1
    ),
    scored AS (
      UPDATE "agents" SET "trend_score" = "trend_score" + w."weight", "activity_total" = "activity_total" + w."weight"
      FROM (SELECT CASE WHEN EXISTS (SELECT 1 FROM fresh) THEN ${ACTIVITY_WEIGHTS[kind]}::int ELSE 0 END AS "weight") w
      WHERE "id" = ${agentId}::uuid
      RETURNING w."weight"
    )
    INSERT INTO "agent_activity_days" ("agent_id", "day", ${column}, "score") SELECT ${agentId}::uuid, ${TODAY}, 1, "weight" FROM scored
    ON CONFLICT ("agent_id", "day") DO UPDATE SET ${column} = "agent_activity_days".${column} + 1, "score" = "agent_activity_days"."score" + EXCLUDED."score"`;
}

/**
 * One act on `agentId` inside the act's transaction `tx`, where the act writes nothing else on
 * the agent: its day's row and both scores. So the numbers never disagree with what was kept.
 * Told who acted, it scores once per actor a day (actedOn); without, every act scores.
 */
export async function recordActivity(tx: Prisma.TransactionClient, agentId: string, kind: ActivityKind, actor?: Actor): Promise<void> {
  if (actor) {
    await actedOn(tx, agentId, kind, actor);
    return;
  }
  // The agent's row first, then its day's, as every act locks them (an answer, a remix, a
  // nomination update the agent, then add the day): two acts at once never wait on each other in a circle.
  await tx.agent.update({ where: { id: agentId }, data: activityScores(kind), select: { id: true } });
  await activityDay(tx, agentId, kind);
}

/** One day of an agent's chart: every kind, zero on a quiet day. */
export type ActivityDay = { day: string } & Record<ActivityKind, number>;

export type AgentActivity = { days: ActivityDay[]; totals: Record<ActivityKind, number> };

/** YYYY-MM-DD of a UTC day. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

type Owned = Parameters<typeof mayChange>[1] & { id: string };

export function createAgentActivity({ prisma, findByRef }: { prisma: PrismaClient; findByRef: (ref: string) => Promise<Owned | null> }) {
  return {
    /**
     * An agent's acts per day over the last `span` days, oldest first, for its creator (or a
     * curator) alone: at most 90 rows read by the (agent_id, day) key.
     */
    async ofAgent(ref: string, span: ActivitySpan, actor: Actor): Promise<AgentActivity> {
      const agent = await findByRef(ref);
      if (!agent) throw notFound("Agent not found");
      if (!mayChange(actor, agent)) throw forbidden(STATS_NOT_YOURS);
      const rows = await prisma.$queryRaw<({ day: string } & Record<ActivityKind, number>)[]>`
        SELECT "day"::text AS "day", "conversations", "invocations", "remixes", "nominations" FROM "agent_activity_days"
        WHERE "agent_id" = ${agent.id}::uuid AND "day" > ${TODAY} - ${span}::int ORDER BY "day"`;
      const [{ today }] = await prisma.$queryRaw<[{ today: string }]>`SELECT ${TODAY}::text AS "today"`;
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const totals = Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind, 0])) as Record<ActivityKind, number>;
      const days: ActivityDay[] = [];
      for (let back = span - 1; back >= 0; back--) {
        const day = isoDay(new Date(Date.parse(today) - back * 86_400_000));
        const row = byDay.get(day);
        const counts = Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind, row ? Number(row[kind]) : 0])) as Record<ActivityKind, number>;
        for (const kind of ACTIVITY_KINDS) totals[kind] += counts[kind];
        days.push({ day, ...counts });
      }
      return { days, totals };
    },

    /**
     * Takes the days that have left the trending window off every score they were in (what each
     * day scored), and forgets who acted before today, once per day whichever process comes first
     * (the window's row is locked while it does): one day's rows of each as a rule (the days since
     * the last roll), the activity read by its day index, the actors held only since yesterday.
     * `today` is for tests; the database's day otherwise. Resolves to the number of agents whose
     * score fell.
     */
    async roll(today?: Date): Promise<number> {
      const now = today ? Prisma.sql`${isoDay(today)}::date` : TODAY;
      return prisma.$transaction(async (tx) => {
        const [window] = await tx.$queryRaw<{ rolled: string; today: string }[]>`
          SELECT "rolled_through"::text AS "rolled", (${now})::text AS "today" FROM "agent_activity_window" WHERE "id" = 1 FOR UPDATE`;
        if (!window) {
          await tx.$executeRaw`INSERT INTO "agent_activity_window" ("id", "rolled_through") VALUES (1, ${now}) ON CONFLICT ("id") DO NOTHING`;
          return 0;
        }
        if (window.rolled >= window.today) return 0;
        const fallen = await tx.$executeRaw`
          UPDATE "agents" a SET "trend_score" = a."trend_score" - s."weight"
          FROM (
            SELECT "agent_id", sum("score")::int AS "weight" FROM "agent_activity_days"
            WHERE "day" > ${window.rolled}::date - ${TREND_DAYS}::int AND "day" <= ${now} - ${TREND_DAYS}::int
            GROUP BY "agent_id"
          ) s
          WHERE a."id" = s."agent_id" AND s."weight" <> 0`;
        await tx.$executeRaw`DELETE FROM "agent_activity_actors" WHERE "day" < ${now}`;
        await tx.$executeRaw`UPDATE "agent_activity_window" SET "rolled_through" = ${now} WHERE "id" = 1`;
        return fallen;
      });
    },
  };
}

export type AgentActivityService = ReturnType<typeof createAgentActivity>;
