// The Council: nominations and ascension, whispers and their answers, members, and the
// ritual log every act writes. Live events are published only after their write commits.
import { actorKey, type Actor } from "../../actor.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { AgentNomination, CouncilMember, CouncilWhisper, Prisma } from "../../generated/prisma/client.ts";
import type { RitualType } from "../../generated/prisma/enums.ts";
import { notFound, seatFailed } from "../../errors.ts";
import { isUuid } from "../../graphql/ids.ts";
import { SeatFailure, type MindAnswer, type MindMode, type Seat } from "../../minds/types.ts";
import type { DomainDeps } from "../../services.ts";
import { createCouncilInvocations, type StartedInvocation } from "./invocations.ts";
import type { CouncilWhisperInput, NominateInput } from "./schemas.ts";

export const COUNCIL_PERFORMER = "The Council";

/** What a GraphQL connection adds to a list query: its selection and its page. */
type Page<Args> = Pick<Args, Extract<keyof Args, "include" | "select" | "take" | "skip" | "cursor">>;

export type NominationResult = {
  nomination: AgentNomination;
  count: number;
  /** True when this nominator had already nominated the agent: nothing changed. */
  alreadyNominated: boolean;
  /** The member row when this nomination made the agent ascend. */
  member: CouncilMember | null;
};

/** Who answered a council whisper (its responseMeta column): the seat, and model or oracle. */
export function whisperAnswerer(whisper: Pick<CouncilWhisper, "responseMeta">): { mode: MindMode | null; seat: Seat | null } {
  const meta = whisper.responseMeta as { mode?: MindMode; seat?: Seat } | null;
  return { mode: meta?.mode ?? null, seat: meta?.seat ?? null };
}

const snippet = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export function createCouncilService({ prisma, bus, minds, config, log, usage }: DomainDeps) {
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
      const label = input.nominatedBy || actor.label;
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
          const count = await tx.agentNomination.count({ where: { agentId: agent.id } });
          let member: CouncilMember | null = null;
          if (count >= config.ascensionThreshold) {
            [member = null] = await tx.councilMember.createManyAndReturn({
              data: [{ agentId: agent.id, agentName: agent.name, ascendedBy: COUNCIL_PERFORMER }],
              skipDuplicates: true,
            });
            if (member) {
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
      const { text, ...responseMeta } = answer;
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

    /**
     * The Summoning Gate, for GraphQL (invokeCouncil) and REST alike: stores the invocation and
     * starts the Council, returning at once. The synthesis quota is charged here, before the
     * Council starts. `pace` streams keyless seats at a model's pace, for live clients.
     */
    async consult(prompt: string, actor: Actor, options: { pace?: boolean } = {}): Promise<StartedInvocation> {
      await usage.charge(actor, "synth");
      return invocations.start(prompt, actor, options);
    },

    invocations,

    async nominationCounts(): Promise<Record<string, { count: number }>> {
      const groups = await prisma.agentNomination.groupBy({ by: ["agentId"], _count: { _all: true } });
      return Object.fromEntries(groups.map((group) => [group.agentId, { count: group._count._all }]));
    },

    whispers(query: Page<Prisma.CouncilWhisperFindManyArgs> = {}) {
      return prisma.councilWhisper.findMany({ ...query, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    },

    ritualLogs(type: RitualType | null | undefined, query: Page<Prisma.RitualLogFindManyArgs> = {}) {
      return prisma.ritualLog.findMany({ ...query, where: type ? { type } : {}, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    },

    members(query: Page<Prisma.CouncilMemberFindManyArgs> = {}) {
      return prisma.councilMember.findMany({ ...query, where: { isActive: true }, orderBy: [{ ascendedAt: "desc" }, { id: "desc" }] });
    },
  };
}
