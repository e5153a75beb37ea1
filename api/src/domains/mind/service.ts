// Personas and memories (#27 items 5 and 6). A persona is who the owner says they are to the
// agents (at most 10, one default); a memory is a short note an agent keeps about the person it
// talks with, across that person's threads with it (at most 20 per agent and owner: when full, the
// least recently written note is forgotten). Owned like conversations (ownership.ts): never read
// by anyone else, never in a shared thread's public view. The conversation service asks
// `contextFor` before an answer and calls `learn` after a complete one, without awaiting it.
import type { Actor } from "../../actor.ts";
import { isUuid } from "../../db/ids.ts";
import { conflict, notFound } from "../../errors.ts";
import type { AgentMemory, Conversation, Persona, PrismaClient } from "../../../generated/prisma/client.ts";
import type { Logger } from "../../logger.ts";
import { SINGLE_KINDS, type MemoryKind, type MemoryNote, type PersonaContext } from "../../minds/person.ts";
import type { AgentCharacter } from "../../minds/character.ts";
import type { Minds } from "../../minds/types.ts";
import {
  MEMORIES_MAX,
  MEMORY_NOT_FOUND,
  PERSONA_NOT_FOUND,
  PERSONAS_MAX,
  TOO_MANY_PERSONAS,
  type CreatePersonaInput,
  type UpdatePersonaInput,
} from "@nomina/shared/mind";
import { CONVERSATION_NOT_FOUND } from "@nomina/shared/conversations";
import { ownedBy, ownerFields } from "../ownership.ts";

const OLDEST_FIRST = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/** Who the agent talks with, what it remembers of them, and whether it keeps what it learns in this thread. */
export type MindContext = { persona: PersonaContext | null; memories: MemoryNote[]; remembering: boolean };

export function createMindService({ prisma, minds, log }: { prisma: PrismaClient; minds: Minds; log: Logger }) {
  const pending = new Set<Promise<void>>();

  async function ownPersona(id: string, actor: Actor): Promise<Persona> {
    const key = id.trim();
    const found = isUuid(key) ? await prisma.persona.findFirst({ where: { id: key, ...ownedBy(actor) } }) : null;
    if (!found) throw notFound(PERSONA_NOT_FOUND);
    return found;
  }

  async function ownMemory(id: string, actor: Actor): Promise<AgentMemory> {
    const key = id.trim();
    const found = isUuid(key) ? await prisma.agentMemory.findFirst({ where: { id: key, ...ownedBy(actor) } }) : null;
    if (!found) throw notFound(MEMORY_NOT_FOUND);
    return found;
  }

  async function ownThread(id: string, actor: Actor): Promise<Conversation> {
    const key = id.trim();
    const found = isUuid(key) ? await prisma.conversation.findFirst({ where: { id: key, ...ownedBy(actor) } }) : null;
    if (!found) throw notFound(CONVERSATION_NOT_FOUND);
    return found;
  }

  const noteOf = (row: Pick<AgentMemory, "kind" | "text">): MemoryNote => ({ kind: row.kind as MemoryKind, text: row.text });

  /** Writes the notes learnt: a single-kind fact replaces the old one, a note already kept is not repeated, the least recently written goes when full. */
  async function keep(
    agentId: string,
    owner: { userId: string | null; visitorId: string | null },
    notes: readonly MemoryNote[],
    sourceConversationId: string,
  ): Promise<void> {
    if (!owner.userId && !owner.visitorId) return;
    const mine = owner.userId ? { agentId, userId: owner.userId } : { agentId, visitorId: owner.visitorId, userId: null };
    await prisma.$transaction(async (tx) => {
      for (const note of notes) {
        const existing = await tx.agentMemory.findMany({ where: mine, select: { id: true, kind: true, text: true } });
        if (existing.some((row) => row.text.toLowerCase() === note.text.toLowerCase())) continue;
        const replaced = SINGLE_KINDS.includes(note.kind) ? existing.find((row) => row.kind === note.kind) : undefined;
        if (replaced) {
          await tx.agentMemory.update({ where: { id: replaced.id }, data: { text: note.text, sourceConversationId } });
          continue;
        }
        if (existing.length >= MEMORIES_MAX) {
          const oldest = await tx.agentMemory.findFirst({ where: mine, orderBy: [{ updatedAt: "asc" }, { id: "asc" }], select: { id: true } });
          if (oldest) await tx.agentMemory.delete({ where: { id: oldest.id } });
        }
        await tx.agentMemory.create({
          data: { ...mine, userId: owner.userId, visitorId: owner.visitorId, kind: note.kind, text: note.text, sourceConversationId },
        });
      }
    });
  }

  const service = {
    /** The caller's personas, oldest first (at most 10). */
    personas(actor: Actor): Promise<Persona[]> {
      return prisma.persona.findMany({ where: ownedBy(actor), orderBy: OLDEST_FIRST, take: PERSONAS_MAX });
    },

    async persona(id: string, actor: Actor): Promise<Persona> {
      return ownPersona(id, actor);
    },

    async createPersona(input: CreatePersonaInput, actor: Actor): Promise<Persona> {
      const owner = ownerFields(actor);
      if (!owner.userId && !owner.visitorId) throw notFound(PERSONA_NOT_FOUND);
      return prisma.$transaction(async (tx) => {
        const count = await tx.persona.count({ where: ownedBy(actor) });
        if (count >= PERSONAS_MAX) throw conflict(TOO_MANY_PERSONAS);
        // The first persona is the default, so a new thread speaks as it until the owner says otherwise.
        const isDefault = input.isDefault || count === 0;
        if (isDefault) await tx.persona.updateMany({ where: { ...ownedBy(actor), isDefault: true }, data: { isDefault: false } });
        return tx.persona.create({ data: { ...owner, name: input.name, description: input.description, isDefault } });
      });
    },

    async updatePersona(id: string, input: UpdatePersonaInput, actor: Actor): Promise<Persona> {
      const persona = await ownPersona(id, actor);
      return prisma.$transaction(async (tx) => {
        if (input.isDefault)
          await tx.persona.updateMany({ where: { ...ownedBy(actor), isDefault: true, NOT: { id: persona.id } }, data: { isDefault: false } });
        return tx.persona.update({
          where: { id: persona.id },
          data: {
            ...(input.name != null ? { name: input.name } : {}),
            ...(input.description != null ? { description: input.description } : {}),
            ...(input.isDefault != null ? { isDefault: input.isDefault } : {}),
          },
        });
      });
    },

    /** Deletes a persona; the threads that spoke as it speak as no one (ON DELETE SET NULL). */
    async deletePersona(id: string, actor: Actor): Promise<string> {
      const persona = await ownPersona(id, actor);
      await prisma.persona.delete({ where: { id: persona.id } });
      return persona.id;
    },

    /** The persona a new thread takes: the one the send names (null: none), else the owner's default. */
    async personaForNewThread(actor: Actor, personaId: string | null | undefined): Promise<string | null> {
      if (personaId === null) return null;
      if (personaId !== undefined) return (await ownPersona(personaId, actor)).id;
      const fallback = await prisma.persona.findFirst({ where: { ...ownedBy(actor), isDefault: true }, select: { id: true } });
      return fallback?.id ?? null;
    },

    /** Chooses who the owner speaks as in one of their threads (null: no one). */
    async setConversationPersona(conversationRef: string, personaId: string | null, actor: Actor): Promise<Conversation> {
      const conversation = await ownThread(conversationRef, actor);
      const persona = personaId === null ? null : await ownPersona(personaId, actor);
      return prisma.conversation.update({ where: { id: conversation.id }, data: { personaId: persona?.id ?? null } });
    },

    /** Memory on or off for one of the owner's threads. */
    async setConversationMemory(conversationRef: string, on: boolean, actor: Actor): Promise<Conversation> {
      const conversation = await ownThread(conversationRef, actor);
      return prisma.conversation.update({ where: { id: conversation.id }, data: { memoryOff: !on } });
    },

    /** What an agent is told about the person before it answers in `conversation`: its persona, and its notes unless memory is off there. */
    async contextFor(actor: Actor, agentId: string, conversation: Pick<Conversation, "personaId" | "memoryOff">): Promise<MindContext> {
      const [persona, memories] = await Promise.all([
        conversation.personaId
          ? prisma.persona.findFirst({ where: { id: conversation.personaId, ...ownedBy(actor) }, select: { name: true, description: true } })
          : null,
        conversation.memoryOff ? [] : service.memories(actor, agentId),
      ]);
      return { persona, memories: memories.map(noteOf), remembering: !conversation.memoryOff };
    },

    /** The caller's notes with an agent, oldest first (at most 20). */
    memories(actor: Actor, agentId: string): Promise<AgentMemory[]> {
      if (!isUuid(agentId)) return Promise.resolve([]);
      return prisma.agentMemory.findMany({ where: { agentId, ...ownedBy(actor) }, orderBy: OLDEST_FIRST, take: MEMORIES_MAX });
    },

    async updateMemory(id: string, text: string, actor: Actor): Promise<AgentMemory> {
      const memory = await ownMemory(id, actor);
      return prisma.agentMemory.update({ where: { id: memory.id }, data: { text } });
    },

    async deleteMemory(id: string, actor: Actor): Promise<string> {
      const memory = await ownMemory(id, actor);
      await prisma.agentMemory.delete({ where: { id: memory.id } });
      return memory.id;
    },

    /** Forgets every note the agent keeps about the caller; how many there were. */
    async forgetAgentMemories(agentId: string, actor: Actor): Promise<number> {
      if (!isUuid(agentId)) return 0;
      const { count } = await prisma.agentMemory.deleteMany({ where: { agentId, ...ownedBy(actor) } });
      return count;
    },

    /**
     * After a complete answer in a thread with memory on: the agent notes what it learnt. Never
     * blocks the answer and never fails it: the returned promise resolves once written (or
     * logged as failed); `drain` waits for every one still running.
     */
    learn(
      agent: AgentCharacter & { id: string },
      conversation: Pick<Conversation, "id" | "userId" | "visitorId" | "memoryOff">,
      message: string,
      answer: string,
      known: readonly MemoryNote[],
    ): Promise<void> {
      if (conversation.memoryOff || (!conversation.userId && !conversation.visitorId)) return Promise.resolve();
      const task = minds
        .notesFrom(agent, message, answer, known)
        .then((notes) => (notes.length ? keep(agent.id, conversation, notes, conversation.id) : undefined))
        .catch((error: unknown) => log.warn({ err: error, agentId: agent.id }, "an agent could not note what it learnt"))
        .finally(() => pending.delete(task));
      pending.add(task);
      return task;
    },

    /** Waits for every note still being written (tests, shutdown). */
    async drain(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
  return service;
}

export type MindService = ReturnType<typeof createMindService>;
