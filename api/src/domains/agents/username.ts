// Usernames are derived from names: lower-case ASCII words joined by hyphens, made unique
// with a numeric suffix (echo-haiku, echo-haiku-2, ...).
import type { PrismaClient } from "../../generated/prisma/client.ts";

const MAX_LENGTH = 40;

/** Words that name routes beside /api/agents/{username}: an agent may not take them bare. */
export const RESERVED_USERNAMES = new Set(["remix", "remixes"]);

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "agent";
}

/** The first free username for `name`: the slug, or the slug with the lowest free suffix. */
export async function nextUsername(prisma: Pick<PrismaClient, "agent">, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await prisma.agent.findMany({
    where: { username: { startsWith: base } },
    select: { username: true },
  });
  const used = new Set([...taken.map((row) => row.username), ...RESERVED_USERNAMES]);
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
