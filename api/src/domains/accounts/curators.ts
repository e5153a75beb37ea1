// Curators: accounts of their own (council_users), created from the command line, signing in
// separately from users. Their sessions live in council_sessions and end like users' do.
import type { Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { CouncilUser, PrismaClient } from "../../../generated/prisma/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { checkSignIn, requireCuratorSession } from "./access.ts";
import type { SignInGuard } from "./attempts.ts";
import { hashPassword } from "./passwords.ts";
import type { CuratorInput, LoginInput } from "@nomina/shared/accounts";
import type { Sessions } from "./sessions.ts";

export type PublicCurator = Omit<CouncilUser, "passwordHash">;

const omitHash = { passwordHash: true } as const;

export function createCuratorService({ prisma, clock, sessions, guard }: { prisma: PrismaClient; clock: Clock; sessions: Sessions; guard: SignInGuard }) {
  return {
    async login(input: LoginInput, actor: Actor): Promise<{ token: string; curator: PublicCurator }> {
      // A deactivated curator signs in to nothing, at the cost of a real check.
      const found = await checkSignIn(guard, input, actor.address, async () => {
        const curator = await prisma.councilUser.findUnique({ where: { email: input.email } });
        return curator?.isActive ? curator : null;
      });
      const { token, row } = sessions.issue("curator", found.id);
      await prisma.$transaction([
        prisma.councilSession.deleteMany({ where: { councilUserId: found.id, expiresAt: { lte: clock() } } }),
        prisma.councilSession.create({ data: { ...row, councilUserId: found.id } }),
      ]);
      const { passwordHash: _hash, ...curator } = found;
      return { token, curator };
    },

    viewer(actor: Actor): Promise<PublicCurator | null> {
      return actor.curatorId ? prisma.councilUser.findUnique({ where: { id: actor.curatorId }, omit: omitHash }) : Promise.resolve(null);
    },

    async logout(actor: Actor): Promise<void> {
      const { sessionId } = requireCuratorSession(actor);
      await prisma.councilSession.deleteMany({ where: { id: sessionId } });
    },
  };
}

export type CuratorService = ReturnType<typeof createCuratorService>;

/** For the command line: a new curator account. */
export async function createCurator(prisma: PrismaClient, input: CuratorInput): Promise<PublicCurator> {
  try {
    return await prisma.councilUser.create({
      data: { email: input.email, name: input.name, passwordHash: await hashPassword(input.password) },
      omit: omitHash,
    });
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw conflict(`A curator with the email ${input.email} already exists`, "email");
    throw error;
  }
}

/** For the command line: takes a curator's powers away and ends their sessions at once. */
export async function deactivateCurator(prisma: PrismaClient, email: string): Promise<PublicCurator> {
  const found = await prisma.councilUser.findUnique({ where: { email }, select: { id: true } });
  if (!found) throw notFound(`No curator has the email ${email}`);
  const [curator] = await prisma.$transaction([
    prisma.councilUser.update({ where: { id: found.id }, data: { isActive: false }, omit: omitHash }),
    prisma.councilSession.deleteMany({ where: { councilUserId: found.id } }),
  ]);
  return curator;
}
