// Daily limits (spec section 9): at ritual tier 1, 3 council syntheses and 1 glyph ritual a
// day; each tier above adds as many again. The day turns at midnight UTC.

export const DAILY_BASE = { synth: 3, summon: 1 } as const;
export type QuotaKind = keyof typeof DAILY_BASE;

export const MAX_RITUAL_TIER = 5;

export const QUOTA_MESSAGES: Record<QuotaKind, string> = {
  synth: "Your daily council synthesis quota has been reached. It renews at midnight UTC.",
  summon: "Your daily summoning quota has been reached. It renews at midnight UTC.",
};

export function dailyLimit(kind: QuotaKind, ritualTier: number): number {
  const tier = Math.min(Math.max(1, ritualTier), MAX_RITUAL_TIER);
  return DAILY_BASE[kind] * tier;
}

/** Midnight UTC at the start of `now`'s day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * How a user rises in ritual tier: tier 1 on arrival, one tier for a verified email, and one
 * more for every five agents forged or remixed, up to tier 5.
 */
export function ritualTierFor(user: { verified: boolean; agentsCreated: number }): number {
  return Math.min(MAX_RITUAL_TIER, 1 + (user.verified ? 1 : 0) + Math.floor(user.agentsCreated / 5));
}
