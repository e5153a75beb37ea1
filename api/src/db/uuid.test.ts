import { describe, expect, it } from "vitest";
import { uuidv7 } from "./uuid.ts";

describe("uuidv7", () => {
  it("is a version 7 UUID that PostgreSQL accepts, ordered by its time", () => {
    const early = uuidv7(Date.UTC(2026, 0, 1));
    const late = uuidv7(Date.UTC(2026, 0, 2));
    for (const id of [early, late]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(early.replace(/-/g, "").slice(0, 12)).toBe(Date.UTC(2026, 0, 1).toString(16).padStart(12, "0"));
    expect(new Set(Array.from({ length: 100 }, () => uuidv7())).size).toBe(100);
  });
});
