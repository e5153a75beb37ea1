// A UUIDv7 (RFC 9562) made in the process, like Prisma's @default(uuid(7)): for a row whose id
// must be known before its insert completes (a Council starts while its row is written).
import { randomBytes } from "node:crypto";

export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6); // 48-bit Unix milliseconds: ids sort by creation time
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
