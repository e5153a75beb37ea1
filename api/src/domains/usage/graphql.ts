// The minds' health for curators: today's spending against the daily budget, and each seat's
// calls, error rate, latency and last error. Authorisation is the `curator` scope.
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { providerOf, SEATS } from "../../minds/identity.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { MindModeEnum, MindProviderEnum } from "../../graphql/minds.ts";
import type { DailyAllowance } from "./service.ts";
import type { SeatDayReport, SpendReport } from "./spend.ts";

const SeatHealth = builder.objectRef<SeatDayReport>("SeatHealth").implement({
  description: "One seat's model calls today (the UTC day by the app's clock), as every server process counted them.",
  fields: (t) => ({
    seat: t.field({ type: ModelSeatEnum, resolve: (row) => row.seat }),
    mode: t.field({
      type: MindModeEnum,
      description: "How the seat answers now: its model, or the oracle (no key, or the day's budget spent).",
      resolve: (row) => row.identity.mode,
    }),
    provider: t.field({ type: MindProviderEnum, resolve: (row) => providerOf(row.identity.mode, row.seat)! }),
    model: t.string({ description: "The model the seat answers with now.", resolve: (row) => row.identity.model }),
    calls: t.exposeInt("calls", { description: "Model calls that ended today, answered or failed (calls the asker stopped are not counted)." }),
    failures: t.exposeInt("failures"),
    errorRate: t.exposeFloat("errorRate", { nullable: true, description: "Failures over calls, 0 to 1; null before the first call." }),
    spentUsd: t.exposeFloat("spentUsd", { description: "What the seat's calls cost today, estimated from list prices, in US dollars." }),
    averageLatencyMs: t.exposeInt("averageLatencyMs", {
      nullable: true,
      description: "From each call's start (its wait for a slot included) to its last token.",
    }),
    maxLatencyMs: t.exposeInt("maxLatencyMs", { nullable: true }),
    budgetRefusals: t.exposeInt("budgetRefusals", { description: "Questions the oracle answered in the seat's place because the day's budget was spent." }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the latest failed call failed (never a key)." }),
    lastErrorAt: t.expose("lastErrorAt", { type: "DateTime", nullable: true }),
  }),
});

const MindsHealth = builder.objectRef<SpendReport>("MindsHealth").implement({
  description: "Today's spending of the minds against their daily budget, and how each seat is faring.",
  fields: (t) => ({
    day: t.exposeString("day", { description: "The UTC day (YYYY-MM-DD) by the app's clock." }),
    resetsAt: t.expose("resetsAt", { type: "DateTime", description: "The next midnight UTC, when the day's figures start from zero." }),
    budgetUsd: t.exposeFloat("budgetUsd", { nullable: true, description: "The daily cap (MINDS_DAILY_BUDGET_USD), in US dollars; null when there is none." }),
    spentUsd: t.exposeFloat("spentUsd", { description: "What the calls that ended today cost, all seats together, estimated from list prices." }),
    reservedUsd: t.exposeFloat("reservedUsd", { description: "The worst-case cost of the calls in flight, held against the budget until they end." }),
    remainingUsd: t.exposeFloat("remainingUsd", { nullable: true, description: "What the budget leaves for new calls; null without a cap." }),
    seats: t.field({
      type: [SeatHealth],
      extensions: listMaximum(SEATS.length),
      description: "The four seats, in seat order.",
      resolve: (report) => report.seats,
    }),
  }),
});

builder.queryField("mindsHealth", (t) =>
  t.field({
    type: MindsHealth,
    description: "Curators only: today's spending of the minds and each seat's health.",
    authScopes: { curator: true },
    resolve: (_root, _args, ctx) => ctx.services.spend.report(ctx.actor),
  }),
);

const DailyAllowanceRef = builder.objectRef<DailyAllowance>("DailyAllowance").implement({
  description: "What the caller (a user, or a visitor by address) may still do today before a daily quota refuses it.",
  fields: (t) => ({
    councilQuestionsLeft: t.int({
      nullable: true,
      description: "Council questions (Summoning Gate syntheses) left today; null when quotas are off.",
      resolve: (a) => a.synth?.left ?? null,
    }),
    councilQuestionsLimit: t.int({
      nullable: true,
      description: "Council questions a day at the caller's ritual tier.",
      resolve: (a) => a.synth?.limit ?? null,
    }),
    ritualsLeft: t.int({
      nullable: true,
      description: "Glyph rituals (truth, poem, secret) left today; null when quotas are off.",
      resolve: (a) => a.summon?.left ?? null,
    }),
    ritualsLimit: t.int({ nullable: true, description: "Glyph rituals a day at the caller's ritual tier.", resolve: (a) => a.summon?.limit ?? null }),
    resetsAt: t.expose("resetsAt", { type: "DateTime", description: "The next midnight UTC, when the day's counts return to zero." }),
  }),
});

builder.queryField("dailyAllowance", (t) =>
  t.field({
    type: DailyAllowanceRef,
    description: "How many Council questions and glyph rituals the caller may still ask today.",
    resolve: (_root, _args, ctx) => ctx.services.usage.allowance(ctx.actor),
  }),
);
