// Whispers: each answered exchange, kept so that /whisper/{id} can share it. They are written
// by conversations (domains/conversations), the one way an agent is invoked.
//
// Who may read one: a whisper kept from a thread follows its thread. Its owner always; anyone
// else while the thread is shared and the answer lies within the shared part (unsharing the
// thread, or sharing less of it, takes the link back; deleting it deletes the whisper). A thread
// no one owns (an API call without a visitor key) cannot be unshared by anyone, so its whispers
// stay readable by their link, as whispers always were. A whisper whose message is gone (its
// thread or its account deleted; a trigger deletes it with the message) is read by no one: what
// decided who may read it is gone with it (#42).
import type { Actor } from "../../actor.ts";
import type { Prisma } from "../../../generated/prisma/client.ts";
import { isUuid } from "../../db/ids.ts";
import type { DomainDeps } from "../deps.ts";
import { isOwner } from "../ownership.ts";

type Kept = {
  createdAt: Date;
  conversation: { userId: string | null; visitorId: string | null; visibility: string; sharedUntil: Date | null };
} | null;

/** True when `actor` may read a whisper kept from the message `kept` (null: no message keeps it, and no one may). */
export function whisperReadable(kept: Kept, actor: Actor): boolean {
  if (!kept) return false;
  const { conversation } = kept;
  if (conversation.userId === null && conversation.visitorId === null) return true;
  if (isOwner(actor, conversation)) return true;
  return conversation.visibility === "public" && (conversation.sharedUntil === null || kept.createdAt <= conversation.sharedUntil);
}

export function createWhisperService({ prisma }: Pick<DomainDeps, "prisma">) {
  return {
    /** A whisper by its raw id, when `actor` may read it (whisperReadable). */
    async find<Q extends Pick<Prisma.WhisperFindUniqueArgs, "include" | "select">>(id: string, actor: Actor, query?: Q) {
      const key = id.trim();
      // Taken first: an id that names nothing still uses the selection it was given (graphql/developer-checks.ts).
      const selection = { ...query };
      if (!isUuid(key)) return null;
      const kept = await prisma.message.findUnique({
        where: { whisperId: key },
        select: { createdAt: true, conversation: { select: { userId: true, visitorId: true, visibility: true, sharedUntil: true } } },
      });
      if (!whisperReadable(kept, actor)) return null;
      return prisma.whisper.findUnique({ ...selection, where: { id: key } });
    },
  };
}
