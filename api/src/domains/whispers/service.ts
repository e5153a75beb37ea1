// Whispers: each answered exchange, kept so that /whisper/{id} can share it. They are written
// by conversations (domains/conversations), the one way an agent is invoked.
import type { Prisma } from "../../../generated/prisma/client.ts";
import { isUuid } from "../../db/ids.ts";
import type { DomainDeps } from "../deps.ts";

export function createWhisperService({ prisma }: Pick<DomainDeps, "prisma">) {
  return {
    /** A whisper by its raw id. */
    find<Q extends Pick<Prisma.WhisperFindUniqueArgs, "include" | "select">>(id: string, query?: Q) {
      const key = id.trim();
      return isUuid(key) ? prisma.whisper.findUnique({ ...query, where: { id: key } }) : Promise.resolve(null);
    },
  };
}
