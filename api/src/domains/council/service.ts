// The Council: nominations and ascension, whispers and their answers, members, and the
// ritual log every act writes. Live events are published only after their write commits.
import { actorKey, type Actor } from "../../actor.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { keysetFind, keysetOrderBy, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import type { AgentNomination, CouncilMember, CouncilWhisper, Prisma } from "../../../generated/prisma/client.ts";
import type { RitualType } from "../../../generated/prisma/enums.ts";
import { notFound, seatFailed } from "../../errors.ts";
import { isUuid } from "../../db/ids.ts";
import { SeatFailure, type MindAnswer, type MindMode, type OracleReason, type Seat } from "../../minds/identity.ts";
import type { DomainDeps } from "../deps.ts";
import { createCouncilInvocations } from "./invocations.ts";
import { withQuestionLog } from "./question-log.ts";
import { createCouncilSessions } from "./sessions.ts";
import type { CouncilWhisperInput, NominateInput } from "@nomina/shared/council";
import { activityDay, activityScores } from "../agents/activity.ts";

export const COUNCIL_PERFORMER = "The Council";

/** What a GraphQL connection adds to a list query: its selection and its page. */
type Page<Args> = ConnectionQuery & Pick<Args, Extract<keyof Args, "include" | "select" | "take">>;

const NEWEST_FIRST: KeysetOrder = [
  ["createdAt", "desc"],
  ["id", "desc"],
];
const LATEST_ASCENDED: KeysetOrder = [
  ["ascendedAt", "desc"],
  ["id", "desc"],
];
/** Ties on the count go to the newer agent (ids are time-ordered). */
const MOST_NOMINATED: KeysetOrder = [
  ["nominationCount", "desc"],
  ["id", "desc"],
];
const NOMINATED = { archived: false, nominationCount: { gt: 0 } } satisfies Prisma.AgentWhereInput;

/** How many agents `GET /api/council/nominations` names at most (the contract's bound). */
export const NOMINATION_MAP_LIMIT = 100;

export type NominationResult = {
  nomination: AgentNomination;
  count: number;
  /** True when this nominator had already nominated the agent: nothing changed. */
  alreadyNominated: boolean;
  /** The member row when this nomination made the agent ascend. */
  member: CouncilMember | null;
};

/** Who answered a council whisper (its responseMeta column): the seat, model or oracle, through which provider, and why the oracle when it stood in. */
export function whisperAnswerer(whisper: Pick<CouncilWhisper, "responseMeta">): {
  mode: MindMode | null;
  seat: Seat | null;
  provider: string | null;
  oracleReason: OracleReason | null;
} {
  const meta = whisper.responseMeta as { mode?: MindMode; seat?: Seat; provider?: string; oracleReason?: OracleReason } | null;
  return { mode: meta?.mode ?? null, seat: meta?.seat ?? null, provider: meta?.provider ?? null, oracleReason: meta?.oracleReason ?? null };
}

const snippet = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export function createCouncilService({ prisma, bus, minds, config, log, usage, notifications }: DomainDeps) {
  const invocations = createCouncilInvocations({ prisma, bus, minds, log });

  async function existingNomination(agentId: string, nominatorKey: string): Promise<NominationResult | null> {
    const nomination = await prisma.agentNomination.findUnique({ where: { agentId_nominatorKey: { agentId, nominatorKey } } });
    if (!nomination) return null;
    const count = await prisma.agentNomination.count({ where: { agentId } });
    return { nomination, count, alreadyNominated: true, member: null };
  }

  return {
    async nominate(input: NominateInput, actor: Actor): Promise<NominationResult> {
      const agent = isUuid(input.agentId) ? await prisma.agent.findUnique({ where: { id: input.agentId } }) : null;
      if (!agent) throw notFound("Agent not found");
      const nominatorKey = actorKey(actor);
      const repeated = await existingNomination(agent.id, nominatorKey);
      if (repeated) return repeated;
      await usage.throttle(actor);
      // Who performed it is the server's to say: 'anonymous' or the signed-in name, never a label
      // a client sent (a visitor could otherwise sign a ritual "by The Council").
      const label = actor.label;
      let outcome;
      try {
        outcome = await prisma.$transaction(async (tx) => {
          // One nomination of an agent at a time, so the count that decides ascension is exact.
          await tx.$executeRaw`SELECT 1 FROM agents WHERE id = ${agent.id}::uuid FOR UPDATE`;
          const nomination = await tx.agentNomination.create({
            data: { agentId: agent.id, agentName: agent.name, nominatedBy: label, nominatorKey, nominationReason: input.reason || null },
          });
          const logs = [
            await tx.ritualLog.create({
              data: { type: "nomination", description: `${agent.name} was nominated for the Council`, performedBy: label, relatedAgentId: agent.id },
            }),
          ];
          // The count is kept on the agent (its screens show it), and decides ascension here.
          const { nominationCount: count } = await tx.agent.update({
            where: { id: agent.id },
            data: { nominationCount: { increment: 1 }, ...activityScores("nominations") },
            select: { nominationCount: true },
          });
          await activityDay(tx, agent.id, "nominations");
          await notifications.nominated(tx, agent, actor);
          let member: CouncilMember | null = null;
          if (count >= config.ascensionThreshold) {
            [member = null] = await tx.councilMember.createManyAndReturn({
              data: [{ agentId: agent.id, agentName: agent.name, ascendedBy: COUNCIL_PERFORMER }],
              skipDuplicates: true,
            });
            if (member) {
              await notifications.ascended(tx, agent, null);
              logs.push(
                await tx.ritualLog.create({
                  data: {
                    type: "ascension",
                    description: `${agent.name} ascended to the Council`,
                    performedBy: COUNCIL_PERFORMER,
                    relatedAgentId: agent.id,
                    metadata: { nominations: count },
                  },
                }),
              );
            }
          }
          return { nomination, count, member, logs };
        });
      } catch (error) {
        // The same nominator, twice at once: the other request recorded it.
        if (isUniqueViolation(error)) {
          const raced = await existingNomination(agent.id, nominatorKey);
          if (raced) return raced;
        }
        throw error;
      }
      for (const log of outcome.logs) bus.publish("ritualLogAdded", log);
      if (outcome.member) bus.publish("councilMemberAscended", outcome.member);
      return { nomination: outcome.nomination, count: outcome.count, alreadyNominated: false, member: outcome.member };
    },

    async whisper(input: CouncilWhisperInput, actor: Actor): Promise<CouncilWhisper> {
      await usage.throttle(actor);
      let answer: MindAnswer;
      try {
        answer = await minds.answerCouncilWhisper(input.content);
      } catch (error) {
        if (error instanceof SeatFailure) throw seatFailed(error.message, error.kind === "timeout");
        throw error;
      }
      const { text, output: _output, ...responseMeta } = answer;
      const { whisper, log } = await prisma.$transaction(async (tx) => {
        const whisper = await tx.councilWhisper.create({
          data: { content: input.content, userId: actor.userId ?? actor.label, councilResponse: text, responseMeta, isAnonymous: !actor.userId },
        });
        const log = await tx.ritualLog.create({
          data: {
            type: "whisper",
            description: `A whisper reached the Council: "${snippet(input.content, 80)}"`,
            performedBy: actor.label,
            relatedWhisperId: whisper.id,
          },
        });
        return { whisper, log };
      });
      bus.publish("councilWhisperAdded", whisper);
      bus.publish("ritualLogAdded", log);
      return whisper;
    },

    invocations,
    /** The Summoning Gate's questions, in sessions (sessions.ts); each question asked is a ritual too (question-log.ts). */
    sessions: withQuestionLog(createCouncilSessions({ prisma, minds, usage, config, invocations, log }), { prisma, bus, log }),

    /**
     * Nomination counts by agent id, read from the count kept on each agent: of the given
     * agents (those nominated at all), or else of the most nominated visible ones. The map is
     * bounded either way; `nominated` pages through the rest.
     */
    async nominationCounts(agentIds?: readonly string[]): Promise<Record<string, { count: number }>> {
      const select = { id: true, nominationCount: true } as const;
      const rows = agentIds
        ? await prisma.agent.findMany({ where: { id: { in: agentIds.filter(isUuid) }, nominationCount: { gt: 0 } }, select })
        : await prisma.agent.findMany({ where: NOMINATED, orderBy: keysetOrderBy(MOST_NOMINATED), take: NOMINATION_MAP_LIMIT, select });
      return Object.fromEntries(rows.map((row) => [row.id, { count: row.nominationCount }]));
    },

    /** Visible agents with at least one nomination, most nominated first. */
    nominated(query: Page<Prisma.AgentFindManyArgs> = {}) {
      return keysetFind(
        query,
        MOST_NOMINATED,
        NOMINATED,
        (id, select) => prisma.agent.findUnique({ where: { id }, select }),
        (args) => prisma.agent.findMany(args as Prisma.AgentFindManyArgs),
      );
    },

    async whispers(query: Page<Prisma.CouncilWhisperFindManyArgs> = {}) {
      return keysetFind(
        query,
        NEWEST_FIRST,
        {},
        (id, select) => prisma.councilWhisper.findUnique({ where: { id }, select }),
        (args) => prisma.councilWhisper.findMany(args as Prisma.CouncilWhisperFindManyArgs),
      );
    },

    async ritualLogs(type: RitualType | null | undefined, query: Page<Prisma.RitualLogFindManyArgs> = {}) {
      return keysetFind(
        query,
        NEWEST_FIRST,
        type ? { type } : {},
        (id, select) => prisma.ritualLog.findUnique({ where: { id }, select }),
        (args) => prisma.ritualLog.findMany(args as Prisma.RitualLogFindManyArgs),
      );
    },

    async members(query: Page<Prisma.CouncilMemberFindManyArgs> = {}) {
      return keysetFind(
        query,
        LATEST_ASCENDED,
        { isActive: true },
        (id, select) => prisma.councilMember.findUnique({ where: { id }, select }),
        (args) => prisma.councilMember.findMany(args as Prisma.CouncilMemberFindManyArgs),
      );
    },
  };
}
