// Witnessing's one feed from several sources: newest first, filtered by kind, bounded.

/** What the visitor can filter by. Agent whispers ("echo") count as whispers; questions asked at the Summoning Gate ("council") are their own kind. */
export const FEED_FILTERS = [
  { value: "all", label: "All" },
  { value: "ritual", label: "Rituals" },
  { value: "council", label: "Questions" },
  { value: "forging", label: "Forgings" },
  { value: "remix", label: "Remixes" },
  { value: "whisper", label: "Whispers" },
] as const;

export type FeedFilter = (typeof FEED_FILTERS)[number]["value"];
export type FeedKind = Exclude<FeedFilter, "all"> | "echo";

export const FEED_LIMIT = 60;

export type FeedEntry = { kind: FeedKind; key: string; at: string };

export function matchesFilter(kind: FeedKind, filter: FeedFilter): boolean {
  if (filter === "all") return true;
  return filter === "whisper" ? kind === "whisper" || kind === "echo" : kind === filter;
}

/** Every source merged, newest first (ties by key, so the order is stable), then filtered. */
export function mergeFeed<E extends FeedEntry>(sources: readonly (readonly E[])[], filter: FeedFilter, limit = FEED_LIMIT): E[] {
  const seen = new Set<string>();
  return sources
    .flat()
    .filter((entry) => matchesFilter(entry.kind, filter) && !seen.has(entry.key) && seen.add(entry.key))
    .sort((a, b) => (a.at === b.at ? b.key.localeCompare(a.key) : Date.parse(b.at) - Date.parse(a.at)))
    .slice(0, limit);
}

/** How many entries of each filter there are (for the filter buttons). */
export function countByFilter(entries: readonly FeedEntry[]): Record<FeedFilter, number> {
  const counts = Object.fromEntries(FEED_FILTERS.map(({ value }) => [value, 0])) as Record<FeedFilter, number>;
  for (const entry of entries) for (const { value } of FEED_FILTERS) if (matchesFilter(entry.kind, value)) counts[value]++;
  return counts;
}
