import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { resolveJwtSecret } from "./secret.ts";
import { bearerToken, signToken, verifyToken } from "./tokens.ts";

const secret = "a-test-secret-that-is-long-enough-for-hs256";
const now = new Date("2026-11-22T12:00:00Z");
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);
const claims = { subject: "user-1", sessionId: "session-1" };

describe("session tokens", () => {
  it("round-trip their claims until they expire", () => {
    const token = signToken(secret, "user", claims, later(7), now);
    expect(verifyToken(secret, "user", token, later(6))).toEqual(claims);
    expect(verifyToken(secret, "user", token, later(8))).toBeNull();
  });

  it("are refused for another audience, another key, or when tampered with", () => {
    const token = signToken(secret, "user", claims, later(7), now);
    expect(verifyToken(secret, "curator", token, now)).toBeNull();
    expect(verifyToken(`${secret}-other`, "user", token, now)).toBeNull();
    const [header, body, signature] = token.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: "someone-else" })).toString("base64url");
    expect(verifyToken(secret, "user", `${header}.${forgedBody}.${signature}`, now)).toBeNull();
  });

  it("refuse an unsigned (alg: none) token and one signed with another algorithm", () => {
    const unsigned = jwt.sign({ sid: "session-1" }, null, { algorithm: "none", subject: "user-1", issuer: "nomina", audience: "nomina:user" });
    expect(verifyToken(secret, "user", unsigned, now)).toBeNull();
    const hs512 = jwt.sign({ sid: "session-1" }, secret, { algorithm: "HS512", subject: "user-1", issuer: "nomina", audience: "nomina:user" });
    expect(verifyToken(secret, "user", hs512, now)).toBeNull();
  });

  it("are read from a bearer header only", () => {
    expect(bearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe("passwords", () => {
  it("are hashed with argon2id and verified", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "wrong horse")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
  });
});

describe("the signing key", () => {
  it("is generated once and kept in the data directory", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "nomina-secret-"));
    const first = await resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveJwtSecret(undefined, dir)).toBe(first);
    expect(await resolveJwtSecret("configured-secret", dir)).toBe("configured-secret");
  });
});
