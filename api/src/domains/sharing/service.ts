// Everything a user or a visitor has shared (Settings → Shared, #27): their public threads and
// their public Council sessions, each most recently active first. Whispers have no owner of their
// own: a whisper kept from a thread is readable exactly as far as its thread is shared
// (whispers/service.ts whisperReadable), so "your shared whispers" are the answers of these
// threads, and unsharing a thread takes their links back too.
//
// Each list reads a partial index of the shared rows alone (migration 20261127120000_shared_lists),
// per owner column, keyset-paged by (updated_at, id): a page costs its own rows however many
// private threads the owner keeps. Unsharing is the conversations' and the council's own act
// (shareConversation / shareCouncilSession with private).
import type { Actor } from "../../actor.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import type { Prisma } from "../../../generated/prisma/client.ts";
import type { DomainDeps } from "../deps.ts";
import { ownedBy } from "../ownership.ts";

const NEWEST_FIRST: KeysetOrder = [
  ["updatedAt", "desc"],
  ["id", "desc"],
];

/**
 * Shared rows: `sharedAt` is set exactly while public (a CHECK keeps them together). Its test is
 * what lets PostgreSQL read the partial indexes (`WHERE shared_at IS NOT NULL`): Prisma sends an
 * enum as a cast the planner cannot match to an index predicate, and IS NOT NULL as written.
 */
const SHARED = { sharedAt: { not: null }, visibility: "public" } as const;

export type SharedConversationQuery = ConnectionQuery & Pick<Prisma.ConversationFindManyArgs, "include" | "select" | "take">;
export type SharedSessionQuery = ConnectionQuery & Pick<Prisma.ConsultationFindManyArgs, "include" | "select" | "take">;

export function createSharingService({ prisma }: Pick<DomainDeps, "prisma">) {
  return {
    /**
     * The caller's shared threads, most recently active first. A page after a thread the caller
     * has unshared since goes on from where it was (the anchor need only be theirs), so a list on
     * screen keeps paging while rows leave it.
     */
    conversations(actor: Actor, query: SharedConversationQuery = {}) {
      return keysetFind(
        query,
        NEWEST_FIRST,
        { ...ownedBy(actor), ...SHARED },
        (id, select) => prisma.conversation.findFirst({ where: { id, ...ownedBy(actor) }, select }),
        (args) => prisma.conversation.findMany(args as Prisma.ConversationFindManyArgs),
      );
    },

    /** The caller's shared Council sessions, most recently active first; paged as threads are. */
    councilSessions(actor: Actor, query: SharedSessionQuery = {}) {
      return keysetFind(
        query,
        NEWEST_FIRST,
        { ...ownedBy(actor), ...SHARED },
        (id, select) => prisma.consultation.findFirst({ where: { id, ...ownedBy(actor) }, select }),
        (args) => prisma.consultation.findMany(args as Prisma.ConsultationFindManyArgs),
      );
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
