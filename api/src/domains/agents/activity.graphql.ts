// A creator's numbers in the graph (#30 items 3 and 6): agentActivity, an agent's acts per day
// over 30 or 90 days for its creator alone (the service decides, as for REST), and the two
// kept scores the listing's trending and popular orders read.
import { entityId } from "@nomina/shared/text";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { ACTIVITY_SPANS, TREND_DAYS, activitySpan, type ActivityDay, type ActivitySpan, type AgentActivity } from "./activity.ts";

const AgentActivityDayRef = builder.objectRef<ActivityDay>("AgentActivityDay").implement({
  description: "One day (UTC) of an agent's activity.",
  fields: (t) => ({
    day: t.exposeString("day", { description: "The day, YYYY-MM-DD." }),
    conversations: t.exposeInt("conversations", { description: "Conversations begun with it (a conclave counts for each of its agents)." }),
    invocations: t.exposeInt("invocations", { description: "Answers it gave." }),
    remixes: t.exposeInt("remixes", { description: "Remixes made of it." }),
    nominations: t.exposeInt("nominations", { description: "Nominations for the Council it received." }),
  }),
});

const AgentActivityTotalsRef = builder.objectRef<AgentActivity["totals"]>("AgentActivityTotals").implement({
  description: "The sums of the days listed.",
  fields: (t) => ({
    conversations: t.exposeInt("conversations"),
    invocations: t.exposeInt("invocations"),
    remixes: t.exposeInt("remixes"),
    nominations: t.exposeInt("nominations"),
  }),
});

const AgentActivityRef = builder.objectRef<AgentActivity>("AgentActivity").implement({
  fields: (t) => ({
    days: t.field({
      type: [AgentActivityDayRef],
      description: "Every day of the span, oldest first, today last; a quiet day has zeros.",
      extensions: listMaximum(Math.max(...ACTIVITY_SPANS)),
      resolve: (activity) => activity.days,
    }),
    totals: t.field({ type: AgentActivityTotalsRef, resolve: (activity) => activity.totals }),
  }),
});

builder.queryFields((t) => ({
  agentActivity: t.field({
    type: AgentActivityRef,
    description: `An agent's activity per day over the last ${ACTIVITY_SPANS.join(" or ")} days: for its creator (or a curator) alone.`,
    args: {
      agentId: t.arg.id({ required: true, validate: globalIdOf("Agent", entityId("Agent not found")) }),
      days: t.arg.int({ required: false, description: `${ACTIVITY_SPANS.join(" or ")}; 30 when not given.`, validate: activitySpan }),
    },
    resolve: (_root, args, ctx) => ctx.services.activity.ofAgent(String(args.agentId), (args.days ?? 30) as ActivitySpan, ctx.actor),
  }),
}));

builder.prismaObjectFields("Agent", (t) => ({
  trendScore: t.exposeInt("trendScore", {
    description: `Its activity over the last ${TREND_DAYS} days, weighted (a conversation 2, an answer 1, a remix 5, a nomination 5): the TRENDING order.`,
  }),
  activityTotal: t.exposeInt("activityTotal", { description: "Its activity over all time, weighted as trendScore: the POPULAR order." }),
}));
