import { describe, expect, it } from "vitest";
import { dailyLimit, ritualTierFor, startOfUtcDay } from "./quotas.ts";

describe("daily quotas", () => {
  it("allow 3 syntheses and 1 glyph ritual at tier 1, as many again per tier above", () => {
    expect(dailyLimit("synth", 1)).toBe(3);
    expect(dailyLimit("summon", 1)).toBe(1);
    expect(dailyLimit("synth", 3)).toBe(9);
    expect(dailyLimit("summon", 3)).toBe(3);
    expect(dailyLimit("synth", 0)).toBe(3);
    expect(dailyLimit("summon", 99)).toBe(5);
  });

  it("turn at midnight UTC", () => {
    expect(startOfUtcDay(new Date("2026-11-22T23:59:59.999Z")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(startOfUtcDay(new Date("2026-11-23T00:00:00.000Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
});

describe("ritual tiers", () => {
  const DAY_MS = 86_400_000;
  it("stay at 1 until the email is verified and the account a day old, then rise with every five others, up to five", () => {
    expect(ritualTierFor({ verified: false, ageMs: 30 * DAY_MS, others: 100 })).toBe(1);
    expect(ritualTierFor({ verified: true, ageMs: DAY_MS - 1, others: 100 })).toBe(1);
    expect(ritualTierFor({ verified: true, ageMs: DAY_MS, others: 0 })).toBe(2);
    expect(ritualTierFor({ verified: true, ageMs: DAY_MS, others: 4 })).toBe(2);
    expect(ritualTierFor({ verified: true, ageMs: DAY_MS, others: 5 })).toBe(3);
    expect(ritualTierFor({ verified: true, ageMs: DAY_MS, others: 500 })).toBe(5);
  });

  it("take the account age they wait for as given", () => {
    expect(ritualTierFor({ verified: true, ageMs: 0, others: 0 }, 0)).toBe(2);
    expect(ritualTierFor({ verified: true, ageMs: 3_600_000, others: 0 }, 2 * 3_600_000)).toBe(1);
  });
});
