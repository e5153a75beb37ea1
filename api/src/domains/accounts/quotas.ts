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

/** Distinct others (people, addresses) whose acts on a user's agents earn it each tier above 2. */
export const OTHERS_PER_TIER = 5;

/** How old an account must be before its tier rises above 1 (TIER_ACCOUNT_AGE_HOURS). */
export const DEFAULT_TIER_AGE_HOURS = 24;

export type Standing = {
  verified: boolean;
  /** How long the account has existed. */
  ageMs: number;
  /** Distinct others who nominated, remixed or spoke with the user's agents (usage/service.ts counts them). */
  others: number;
};

/**
 * How a user rises in ritual tier: tier 1 on arrival, and for as long as the email is unverified
 * or the account younger than `minAgeMs`; then tier 2, and one more for every five others who
 * did something with the user's agents, up to tier 5. What the user does alone (forging many
 * agents) earns nothing: twenty junk forges in a second no longer make tier 5.
 */
export function ritualTierFor({ verified, ageMs, others }: Standing, minAgeMs = DEFAULT_TIER_AGE_HOURS * 3_600_000): number {
  if (!verified || ageMs < minAgeMs) return 1;
  return Math.min(MAX_RITUAL_TIER, 2 + Math.floor(Math.max(0, others) / OTHERS_PER_TIER));
}
