// A UUIDv7 (RFC 9562) made in the process, like Prisma's @default(uuid(7)): for a row whose id
// must be known before its insert completes (a Council starts while its row is written).
import { v7 } from "uuid";

/** `now` fixes the time (tests); without it, ids made within one millisecond still sort in the order made. */
export function uuidv7(now?: number): string {
  return now === undefined ? v7() : v7({ msecs: now });
}
