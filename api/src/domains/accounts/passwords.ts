// Password hashing with argon2id, at OWASP's recommended minimum cost (19 MiB, 2 passes).
import { hash, verify, type Options } from "@node-rs/argon2";

/** Algorithm.Argon2id: a const enum, which isolated modules cannot import. */
const ARGON2ID = 2 as Options["algorithm"];

export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

let checks = 0;

/** Passwords checked since the process started, against a real hash or the decoy (a metric). */
export const passwordChecks = () => checks;

/** A hash of nothing in particular: verifying against it costs what a real check costs. */
let decoy: Promise<string> | undefined;

/** Hashes the decoy ahead of the first unknown email, whose check would otherwise cost a hash more. */
export function prepareDecoy(): Promise<void> {
  decoy ??= hashPassword("nomina-decoy-password");
  return decoy.then(() => undefined);
}

/**
 * True when `password` matches `stored`. With no stored hash (unknown email) it still spends
 * the time of a real check, so response times do not reveal which emails have accounts.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  checks++;
  if (!stored) {
    decoy ??= hashPassword("nomina-decoy-password");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
