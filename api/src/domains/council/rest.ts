// /api/council routes. POST /api/council/whisper takes two shapes (spec section 7): {content}
// from the Council Terminal and {prompt} from the Summoning Gate.
import { Hono } from "hono";
import type { AgentNomination, CouncilMember, CouncilWhisper, RitualLog } from "../../../generated/prisma/client.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson, readJsonBody, readQuery, validate } from "../../http/body.ts";
import { z } from "zod";
import { invocationJson, summoningJson } from "./summoning-json.ts";
import { notFound } from "../../errors.ts";
import type { Consultation } from "../../../generated/prisma/client.ts";
import { INVOCATION_NOT_FOUND } from "./sessions.ts";
import type { Services } from "../../services.ts";
import { REST_LIST_LIMIT } from "../agents/rest.ts";
import { consultSchema, councilWhisperSchema, nominateSchema, retrySeatSchema, SESSION_NOT_FOUND } from "@nomina/shared/council";
import { RITUAL_TYPES } from "@nomina/shared/enums";
import { NOMINATION_MAP_LIMIT, whisperAnswerer } from "./service.ts";

export const councilWhisperJson = (whisper: CouncilWhisper) => {
  const answered = whisperAnswerer(whisper);
  return {
    id: whisper.id,
    content: whisper.content,
    councilResponse: whisper.councilResponse,
    /** 'oracle' when the offline oracle answered for the Council, as the contract marks it. */
    mode: answered.mode,
    /** Why the oracle answered for a seat with a key ('budget' or 'ledger'), else null. */
    oracleReason: answered.oracleReason,
    respondedBy: answered.seat,
    isAnonymous: whisper.isAnonymous,
    createdAt: whisper.createdAt,
  };
};

export const ritualLogJson = (log: RitualLog) => ({
  id: log.id,
  type: log.type,
  description: log.description,
  performedBy: log.performedBy,
  relatedAgentId: log.relatedAgentId,
  relatedWhisperId: log.relatedWhisperId,
  createdAt: log.createdAt,
});

export const memberJson = (member: CouncilMember & { agent?: { apiModel: string } }) => ({
  id: member.id,
  agentId: member.agentId,
  agentName: member.agentName,
  ascendedAt: member.ascendedAt,
  ascendedBy: member.ascendedBy,
  /** How many questions it has sat for at the Summoning Gate (#28). */
  satCount: member.satCount,
  /** The seat it sits in at the Gate: its agent's bound seat. */
  ...(member.agent ? { seat: member.agent.apiModel } : {}),
});

const nominationJson = (nomination: AgentNomination) => ({
  id: nomination.id,
  agentId: nomination.agentId,
  agentName: nomination.agentName,
  nominatedBy: nomination.nominatedBy,
  reason: nomination.nominationReason,
  createdAt: nomination.createdAt,
});

const page = { take: REST_LIST_LIMIT };

/** `?agentIds=a,b`: the agents on the asker's screen (at most NOMINATION_MAP_LIMIT); an empty list names none. */
const nominationsQuery = z.object({
  agentIds: z
    .string()
    .transform((list) => [
      ...new Set(
        list
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length <= NOMINATION_MAP_LIMIT, `At most ${NOMINATION_MAP_LIMIT} agent ids`)
    .optional(),
});

/** `?type=council`: one kind of entry only, as GraphQL's ritualLogs(type:). */
const ritualLogsQuery = z.object({ type: z.enum(RITUAL_TYPES, { error: `type must be one of ${RITUAL_TYPES.join(", ")}` }).optional() });

export function councilRoutes(services: Services) {
  const { council } = services;
  /** A session as REST gives it: with the settings its follow-ups are asked with (GraphQL's CouncilSession.settings). */
  const sessionJson = (session: Consultation) => {
    const { seats, chairChoice, review, nextChair, defaultChair } = council.sessions.settingsOf(session);
    return {
      id: session.id,
      title: session.title,
      visibility: session.visibility,
      sharedAt: session.sharedAt,
      questionCount: session.questionCount,
      costUsd: session.costUsd,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      settings: { seats, chair: chairChoice, review, nextChair, defaultChair },
    };
  };
  return (
    new Hono()
      .get("/council/sessions/:id", async (c) => {
        const session = await council.sessions.find(c.req.param("id"), actorOf(c));
        if (!session) throw notFound(SESSION_NOT_FOUND);
        await services.notifications.opened("session", session.id, actorOf(c));
        return c.json({ session: sessionJson(session) });
      })
      .get("/council/invocations/:id", async (c) => {
        const id = c.req.param("id").trim();
        const row = (await council.sessions.canRead(id, actorOf(c))) ? await council.invocations.find(id) : null;
        if (!row) throw notFound(INVOCATION_NOT_FOUND);
        return c.json({ invocation: invocationJson(row) });
      })
      .post("/council/invocations/:id/stop", async (c) => c.json({ invocation: invocationJson(await council.sessions.stop(c.req.param("id"), actorOf(c))) }))
      // A retry answers once the Council has spoken again, as POST /api/council/whisper does.
      .post("/council/invocations/:id/retry", async (c) => {
        const { seat } = await readJson(c, retrySeatSchema);
        const started = await council.sessions.retry(c.req.param("id"), seat, actorOf(c));
        return c.json({ invocation: invocationJson((await started.finished).row) });
      })
      .post("/council/invocations/:id/retry-silent", async (c) => {
        const started = await council.sessions.retrySilent(c.req.param("id"), actorOf(c));
        return c.json({ invocation: invocationJson((await started.finished).row) });
      })
      .get("/council/nominations", async (c) => c.json({ nominations: await council.nominationCounts(readQuery(c, nominationsQuery).agentIds) }))
      .get("/council/whispers", async (c) => c.json({ whispers: (await council.whispers(page)).map(councilWhisperJson) }))
      .get("/council/ritual-logs", async (c) => c.json({ logs: (await council.ritualLogs(readQuery(c, ritualLogsQuery).type, page)).map(ritualLogJson) }))
      .get("/council/members", async (c) =>
        c.json({ members: (await council.members({ ...page, include: { agent: { select: { apiModel: true } } } })).map(memberJson) }),
      )
      .post("/council/nominate", async (c) => {
        const result = await council.nominate(validate(nominateSchema, await readJsonBody(c)), actorOf(c));
        return c.json(
          {
            nomination: nominationJson(result.nomination),
            count: result.count,
            alreadyNominated: result.alreadyNominated,
            ascended: result.member !== null,
            member: result.member && memberJson(result.member),
          },
          result.alreadyNominated ? 200 : 201,
        );
      })
      .post("/council/whisper", async (c) => {
        const body = (await readJsonBody(c)) as Record<string, unknown>;
        if ("prompt" in body && !("content" in body)) {
          const started = await council.sessions.ask(validate(consultSchema, body), actorOf(c));
          try {
            return c.json(summoningJson(await started.finished, started.sessionId));
          } catch (error) {
            // Not answered: the question was not the asker's to pay for.
            await started.refund();
            throw error;
          }
        }
        const whisper = await council.whisper(validate(councilWhisperSchema, body), actorOf(c));
        const json = councilWhisperJson(whisper);
        return c.json({ councilResponse: whisper.councilResponse, mode: json.mode, oracleReason: json.oracleReason, whisper: json }, 201);
      })
  );
}
