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
  it("rise with a verified email and every five agents, up to five", () => {
    expect(ritualTierFor({ verified: false, agentsCreated: 0 })).toBe(1);
    expect(ritualTierFor({ verified: true, agentsCreated: 0 })).toBe(2);
    expect(ritualTierFor({ verified: true, agentsCreated: 4 })).toBe(2);
    expect(ritualTierFor({ verified: true, agentsCreated: 5 })).toBe(3);
    expect(ritualTierFor({ verified: true, agentsCreated: 500 })).toBe(5);
  });
});
