// The signing key: JWT_SECRET when set, otherwise one generated on first start and kept in
// DATA_DIR, so tokens survive restarts without any setup on a fresh machine.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, "jwt-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, secret, { mode: 0o600, flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  // Another process may have won the race: use whatever is on disk.
  return (await readFile(file, "utf8")).trim();
}
