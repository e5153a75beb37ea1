// The Named's filters as the address carries them (?q=&type=&tag=&sort=&archived=1), so a reload,
// Back/Forward and a shared link find the same listing. Defaults are left out: the plain
// /the-named is the newest agents, archived hidden; /the-named?q=haiku the best matches first.
import { normaliseTag, tagProblem } from "@nomina/shared/tags";
import type { AgentSort } from "../../__generated__/AgentGridPaginationQuery.graphql";

export type Filters = { search: string; type: string; tag: string; sort: AgentSort; includeArchived: boolean };

export const SORTS: readonly AgentSort[] = ["NEWEST", "OLDEST", "NAME", "TYPE", "RELEVANCE", "TRENDING", "POPULAR"];
export const DEFAULT_FILTERS: Filters = { search: "", type: "", tag: "", sort: "NEWEST", includeArchived: false };

/** The sort when none is chosen: the best matches first while a search is typed, else the newest. */
export const defaultSort = (search: string): AgentSort => (search.trim() ? "RELEVANCE" : "NEWEST");

/** The sort a listing is read in: relevance means nothing without a search. */
const sortOf = (filters: Filters): AgentSort => (filters.sort === "RELEVANCE" && !filters.search.trim() ? "NEWEST" : filters.sort);

/**
 * `filters` with another search: a sort left at its default follows the search's default (typing
 * turns the newest into the best matches, clearing the search turns them back); a chosen one stays.
 */
export function withSearch(filters: Filters, search: string): Filters {
  const sort = filters.sort === defaultSort(filters.search) ? defaultSort(search) : sortOf({ ...filters, search });
  return { ...filters, search, sort };
}
/** The address never carries more than the API takes (search and type limits). */
const SEARCH_MAX = 100;
const TYPE_MAX = 40;
/** Raw characters of a tag the address may carry before it is normalised. */
const TAG_RAW_MAX = 64;

/** The address's tag, normalised as the API reads it; none when it is no tag. */
function tagFrom(raw: string | null): string {
  const tag = normaliseTag((raw ?? "").slice(0, TAG_RAW_MAX));
  return tag && tagProblem(tag) === null ? tag : "";
}

export function filtersFrom(params: URLSearchParams): Filters {
  const sort = params.get("sort")?.toUpperCase();
  const search = (params.get("q") ?? "").slice(0, SEARCH_MAX);
  const filters = {
    search,
    type: (params.get("type") ?? "").trim().slice(0, TYPE_MAX),
    tag: tagFrom(params.get("tag")),
    sort: SORTS.find((known) => known === sort) ?? defaultSort(search),
    includeArchived: params.get("archived") === "1",
  };
  return { ...filters, sort: sortOf(filters) };
}

/** The address's query for `filters`, over the parameters it does not own (kept as they are). */
export function paramsOf(filters: Filters, others: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(others);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set("q", filters.search.trim() || null);
  set("type", filters.type || null);
  set("tag", filters.tag || null);
  set("sort", sortOf(filters) === defaultSort(filters.search) ? null : sortOf(filters).toLowerCase());
  set("archived", filters.includeArchived ? "1" : null);
  return next;
}

/** Two filters that ask the network the same (the search's surrounding spaces aside). */
export const sameQuery = (a: Filters, b: Filters) =>
  a.search.trim() === b.search.trim() && a.type === b.type && a.tag === b.tag && sortOf(a) === sortOf(b) && a.includeArchived === b.includeArchived;

/** Two filters that differ in their search alone (and the default sort that follows it): what typing changes. */
export const sameBesidesSearch = (a: Filters, b: Filters) =>
  a.type === b.type &&
  a.tag === b.tag &&
  a.includeArchived === b.includeArchived &&
  (sortOf(a) === sortOf(b) || (sortOf(a) === defaultSort(a.search) && sortOf(b) === defaultSort(b.search)));

/** The listing's query variables for `filters`; an empty search or type is no argument at all. */
export const variablesOf = (filters: Filters) => ({
  search: filters.search.trim() || null,
  type: filters.type || null,
  tag: filters.tag || null,
  sort: sortOf(filters),
  includeArchived: filters.includeArchived,
});
