// The minds' spending, kept in the database so that every process counts against one figure:
// each UTC day's budget (what MINDS_DAILY_BUDGET_USD caps: reservations of the calls in flight,
// and what the calls that ended cost) and each seat's day (calls, failures, latency, spend, the
// last error), which curators read as the seats' health. Amounts are whole micro-dollars.
import type { Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import { isDatabaseUnavailable } from "../../db/errors.ts";
import type { PrismaClient } from "../../../generated/prisma/client.ts";
import type { Logger } from "../../logger.ts";
import type { CallOutcome, Grant, Reservation, SpendLedger } from "../../minds/seats/budget.ts";
import { SEATS, type Seat, type SeatIdentity } from "../../minds/identity.ts";
import { type Minds } from "../../minds/types.ts";
import { requireCurator } from "../accounts/access.ts";

const DAY_MS = 86_400_000;

/** The UTC day of `at`, as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const dollars = (micros: bigint | number) => Number(micros) / 1e6;

export type SeatDayReport = {
  seat: Seat;
  /** How the seat answers now: its model, or the oracle (no key, or today's budget spent). */
  identity: SeatIdentity;
  calls: number;
  failures: number;
  /** Failures over calls; null before the first call. */
  errorRate: number | null;
  spentUsd: number;
  averageLatencyMs: number | null;
  maxLatencyMs: number | null;
  budgetRefusals: number;
  lastError: string | null;
  lastErrorAt: Date | null;
};

export type SpendReport = {
  day: string;
  /** The next midnight UTC by the app's clock, when the day's figures start again from zero. */
  resetsAt: Date;
  /** The cap (MINDS_DAILY_BUDGET_USD); null when there is none. */
  budgetUsd: number | null;
  /** What the calls that ended today cost, all seats together. */
  spentUsd: number;
  /** The worst cases of the calls in flight. */
  reservedUsd: number;
  /** What the cap leaves for new calls; null without a cap. */
  remainingUsd: number | null;
  seats: SeatDayReport[];
};

export type MindsLedger = SpendLedger & {
  budgetUsd: number | null;
  /** Today's figures; `identity` says how each seat answers now. */
  report(identity: (seat: Seat) => SeatIdentity): Promise<SpendReport>;
};

export type MindsLedgerDeps = { prisma: PrismaClient; clock: Clock; budgetUsd: number | null; log: Logger };

export function createMindsLedger({ prisma, clock, budgetUsd, log }: MindsLedgerDeps): MindsLedger {
  const cap = budgetUsd === null ? null : BigInt(Math.round(budgetUsd * 1e6));
  const today = () => utcDay(clock());
  /** Models already warned about: said once per process, not at every call. */
  const unpriced = new Set<string>();
  const fault = (error: unknown) => ({ err: error, level: isDatabaseUnavailable(error) ? "warn" : "error" }) as const;

  /** Counts a question the oracle answered for `seat` because the budget was spent. */
  async function refused(day: string, { seat, model }: Pick<SeatIdentity, "seat" | "model">): Promise<void> {
    await prisma.$executeRaw`
      INSERT INTO minds_seat_days AS s (day, seat, model, budget_refusals, updated_at)
      VALUES (${day}::date, ${seat}::"ModelSeat", ${model}, 1, ${clock()}::timestamptz)
      ON CONFLICT (day, seat) DO UPDATE SET budget_refusals = s.budget_refusals + 1, updated_at = EXCLUDED.updated_at`;
  }

  return {
    budgetUsd,
    today,

    async reserve(identity, micros): Promise<Grant> {
      // Without a cap, or for a model without a list price, there is nothing to reserve against.
      if (cap !== null && micros === null && !unpriced.has(identity.model)) {
        unpriced.add(identity.model);
        log.warn(
          { seat: identity.seat, model: identity.model },
          "MINDS_DAILY_BUDGET_USD cannot bound a model without a list price (pricing.ts): its calls are not counted",
        );
      }
      if (cap === null || micros === null) return { granted: true, reservation: null };
      const day = today();
      const amount = BigInt(micros);
      try {
        // One statement: the row of the day is locked while the sum is checked and raised, so
        // calls made at once, from any process, can never reserve more than the cap together.
        const taken = await prisma.$queryRaw<{ taken: number }[]>`
          INSERT INTO minds_budget_days AS b (day, reserved_micros)
          SELECT ${day}::date, ${amount}::bigint WHERE ${amount}::bigint <= ${cap}::bigint
          ON CONFLICT (day) DO UPDATE SET reserved_micros = b.reserved_micros + EXCLUDED.reserved_micros
          WHERE b.reserved_micros + b.spent_micros + EXCLUDED.reserved_micros <= ${cap}::bigint
          RETURNING 1 AS taken`;
        if (taken.length > 0) return { granted: true, reservation: { day, micros } };
      } catch (error) {
        const { err, level } = fault(error);
        log[level]({ err, seat: identity.seat }, "the minds' spending could not be checked: the oracle answers instead");
        return { granted: false, reason: "ledger" };
      }
      await refused(day, identity).catch((error: unknown) => log.warn({ err: error, seat: identity.seat }, "a refusal by the minds' budget was not counted"));
      return { granted: false, reason: "budget" };
    },

    async settle(reservation: Reservation | null, outcome: CallOutcome): Promise<void> {
      const day = reservation?.day ?? today();
      const cost = BigInt(outcome.costMicros ?? 0);
      const reserved = BigInt(reservation?.micros ?? 0);
      const counted = outcome.cancelled ? 0 : 1;
      const failed = outcome.cancelled || outcome.error === null ? 0 : 1;
      const latency = outcome.cancelled ? 0 : outcome.latencyMs;
      const now = clock();
      try {
        // The day's total is kept with or without a cap, so that a cap set during a day counts
        // what was already spent; the seat's day in the same statement.
        await prisma.$executeRaw`
          WITH budget AS (
            INSERT INTO minds_budget_days AS b (day, spent_micros) VALUES (${day}::date, ${cost}::bigint)
            ON CONFLICT (day) DO UPDATE SET
              reserved_micros = GREATEST(b.reserved_micros - ${reserved}::bigint, 0),
              spent_micros = b.spent_micros + EXCLUDED.spent_micros
          )
          INSERT INTO minds_seat_days AS s (day, seat, model, calls, failures, spent_micros, latency_ms_total, latency_ms_max, last_error, last_error_at, updated_at)
          VALUES (${day}::date, ${outcome.seat}::"ModelSeat", ${outcome.model}, ${counted}::int, ${failed}::int, ${cost}::bigint, ${latency}::bigint, ${latency}::int,
                  ${failed ? outcome.error : null}, ${failed ? now : null}::timestamptz, ${now}::timestamptz)
          ON CONFLICT (day, seat) DO UPDATE SET
            model = EXCLUDED.model,
            calls = s.calls + EXCLUDED.calls,
            failures = s.failures + EXCLUDED.failures,
            spent_micros = s.spent_micros + EXCLUDED.spent_micros,
            latency_ms_total = s.latency_ms_total + EXCLUDED.latency_ms_total,
            latency_ms_max = GREATEST(s.latency_ms_max, EXCLUDED.latency_ms_max),
            last_error = COALESCE(EXCLUDED.last_error, s.last_error),
            last_error_at = COALESCE(EXCLUDED.last_error_at, s.last_error_at),
            updated_at = EXCLUDED.updated_at`;
      } catch (error) {
        // The reservation stays taken until the day turns: the budget errs on the side of spending less.
        const { err, level } = fault(error);
        log[level]({ err, seat: outcome.seat }, "a model call's spending was not counted");
      }
    },

    async report(identity) {
      const now = clock();
      const day = utcDay(now);
      const date = new Date(`${day}T00:00:00Z`);
      const [budget, rows] = await Promise.all([
        prisma.mindsBudgetDay.findUnique({ where: { day: date } }),
        prisma.mindsSeatDay.findMany({ where: { day: date } }),
      ]);
      const spent = budget?.spentMicros ?? 0n;
      const reserved = budget?.reservedMicros ?? 0n;
      const seats = SEATS.map((seat): SeatDayReport => {
        const row = rows.find((r) => r.seat === seat);
        const calls = row?.calls ?? 0;
        return {
          seat,
          identity: identity(seat),
          calls,
          failures: row?.failures ?? 0,
          errorRate: calls > 0 ? row!.failures / calls : null,
          spentUsd: dollars(row?.spentMicros ?? 0),
          averageLatencyMs: calls > 0 ? Math.round(Number(row!.latencyMsTotal) / calls) : null,
          maxLatencyMs: calls > 0 ? row!.latencyMsMax : null,
          budgetRefusals: row?.budgetRefusals ?? 0,
          lastError: row?.lastError ?? null,
          lastErrorAt: row?.lastErrorAt ?? null,
        };
      });
      return {
        day,
        resetsAt: new Date(date.getTime() + DAY_MS),
        budgetUsd,
        spentUsd: dollars(spent),
        reservedUsd: dollars(reserved),
        remainingUsd: cap === null ? null : dollars(cap > spent + reserved ? cap - spent - reserved : 0n),
        seats,
      };
    },
  };
}

/** What curators read: today's spending of the minds, and each seat's health. */
export function createSpendService({ ledger, minds }: { ledger: MindsLedger; minds: Pick<Minds, "identity"> }) {
  return {
    report(actor: Actor): Promise<SpendReport> {
      requireCurator(actor);
      return ledger.report((seat) => minds.identity(seat));
    },
  };
}
