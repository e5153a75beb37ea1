// The Named's filters as the address carries them (?q=&type=&sort=&archived=1), so a reload,
// Back/Forward and a shared link find the same listing. Defaults are left out: the plain
// /the-named is the newest agents, archived hidden.
import type { AgentSort } from "../../__generated__/AgentGridPaginationQuery.graphql";

export type Filters = { search: string; type: string; sort: AgentSort; includeArchived: boolean };

export const SORTS: readonly AgentSort[] = ["NEWEST", "OLDEST", "NAME", "TYPE"];
export const DEFAULT_FILTERS: Filters = { search: "", type: "", sort: "NEWEST", includeArchived: false };
/** The address never carries more than the API takes (search and type limits). */
const SEARCH_MAX = 100;
const TYPE_MAX = 40;

export function filtersFrom(params: URLSearchParams): Filters {
  const sort = params.get("sort")?.toUpperCase();
  return {
    search: (params.get("q") ?? "").slice(0, SEARCH_MAX),
    type: (params.get("type") ?? "").trim().slice(0, TYPE_MAX),
    sort: SORTS.find((known) => known === sort) ?? DEFAULT_FILTERS.sort,
    includeArchived: params.get("archived") === "1",
  };
}

/** The address's query for `filters`, over the parameters it does not own (kept as they are). */
export function paramsOf(filters: Filters, others: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(others);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set("q", filters.search.trim() || null);
  set("type", filters.type || null);
  set("sort", filters.sort === DEFAULT_FILTERS.sort ? null : filters.sort.toLowerCase());
  set("archived", filters.includeArchived ? "1" : null);
  return next;
}

/** Two filters that ask the network the same (the search's surrounding spaces aside). */
export const sameQuery = (a: Filters, b: Filters) =>
  a.search.trim() === b.search.trim() && a.type === b.type && a.sort === b.sort && a.includeArchived === b.includeArchived;

/** The listing's query variables for `filters`; an empty search or type is no argument at all. */
export const variablesOf = (filters: Filters) => ({
  search: filters.search.trim() || null,
  type: filters.type || null,
  sort: filters.sort,
  includeArchived: filters.includeArchived,
});
