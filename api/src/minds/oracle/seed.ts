// The oracle's only source of variety: a generator seeded by the words of the request (and the
// persona answering it), so that the same question to the same mind is answered the same way.
import { createHash } from "node:crypto";

export type Draw = {
  /** One element of a non-empty list. */
  pick: <T>(list: readonly T[]) => T;
  /** A copy of the list in a seeded order. */
  shuffle: <T>(list: readonly T[]) => T[];
  /** A number in [0, 1). */
  next: () => number;
};

/** A seeded generator: the same parts give the same sequence of draws. */
export function seeded(...parts: readonly string[]): Draw {
  let state = createHash("sha256").update(parts.join("\u0000")).digest().readUInt32BE(0);
  // mulberry32: small, fast and well spread for a handful of draws.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    next,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    shuffle: (list) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
