// The Council of the Ascended at the Gate (#28): which ascended members a question seats, and
// each as the Council hears it: its agent's character, speaking through the seat it is bound to.
// One seat holds one voice, so two members bound to the same seat cannot sit together.
import { MEMBER_NOT_SEATED, membersShareSeat } from "@nomina/shared/council";
import { SEAT_NAMES } from "@nomina/shared/enums";
import type { PrismaClient } from "../../../generated/prisma/client.ts";
import { isUuid } from "../../db/ids.ts";
import { badInput } from "../../errors.ts";
import { memberTag, type CouncilSitter, type MemberTag } from "../../minds/council-records.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import { characterOf } from "../agents/character.ts";
import type { SeatedMembers } from "./settings.ts";

export type Sitters = Partial<Record<Seat, CouncilSitter>>;

export function createSitters(prisma: PrismaClient) {
  /** Members with their agents, by id (only those still sitting when `activeOnly`). */
  async function load(ids: readonly string[], { activeOnly }: { activeOnly: boolean }) {
    const wanted = ids.filter(isUuid);
    if (!wanted.length) return [];
    return prisma.councilMember.findMany({ where: { id: { in: wanted }, ...(activeOnly ? { isActive: true } : {}) }, include: { agent: true } });
  }

  const sitterOf = (member: Awaited<ReturnType<typeof load>>[number]): [Seat, CouncilSitter] => [
    member.agent.apiModel,
    { memberId: member.id, agentId: member.agentId, glyph: member.agent.glyph, character: characterOf(member.agent) },
  ];

  return {
    /** The members an asker chose, each in its bound seat: every one must sit on the Council, no two in one seat. */
    async seatsOf(ids: readonly string[]): Promise<SeatedMembers> {
      const found = await load(ids, { activeOnly: true });
      if (found.length !== ids.length) throw badInput(MEMBER_NOT_SEATED, "members");
      const seated: SeatedMembers = {};
      for (const member of found) {
        const seat = member.agent.apiModel;
        if (seated[seat]) throw badInput(membersShareSeat(SEAT_NAMES[seat]), "members");
        seated[seat] = member.id;
      }
      return seated;
    },

    /**
     * The members of chosen or kept settings as the Council hears them. A kept member since
     * retired no longer sits (its seat's model answers again); `activeOnly: false` keeps the
     * members a question was asked with, for asking one of them again.
     */
    async sitters(members: SeatedMembers, { activeOnly = true }: { activeOnly?: boolean } = {}): Promise<Sitters> {
      const found = await load(
        Object.values(members).filter((id): id is string => typeof id === "string"),
        { activeOnly },
      );
      // A member sits only in the seat it was chosen for, and only while its agent is still bound there.
      return Object.fromEntries(found.map(sitterOf).filter(([seat, sitter]) => members[seat] === sitter.memberId));
    },
  };
}

/** What a question stores of who sat ({seat: MemberTag}). */
export const tagsOf = (sitters: Sitters): Partial<Record<Seat, MemberTag>> =>
  Object.fromEntries(Object.entries(sitters).map(([seat, sitter]) => [seat, memberTag(sitter)]));

/** A question's stored members read back, by seat. */
export function storedTags(stored: unknown): Partial<Record<Seat, MemberTag>> {
  if (!stored || typeof stored !== "object") return {};
  const record = stored as Record<string, Partial<MemberTag> | undefined>;
  return Object.fromEntries(
    SEATS.flatMap((seat) => {
      const tag = record[seat];
      return tag && typeof tag.memberId === "string" && typeof tag.name === "string"
        ? [[seat, { memberId: tag.memberId, agentId: String(tag.agentId ?? ""), name: tag.name, glyph: String(tag.glyph ?? "") }]]
        : [];
    }),
  );
}
