// Search by what agents are (issue #30): a term matches an agent's words (all of them when some agent
// has them all, else any of them, #41) (the weighted text search
// vector of the migration 20261127140000_agent_search: name A, traits, skills and tags B (tags since
// 20261129100000_agent_tags), description C, personality, tone and behaviour D; English stemming,
// the last word a prefix so that a word being typed already finds) or its name through the trigram index (part of the name, or a
// name like it: a typo). The Named, the curator console, REST and the Ancestry Map share this
// rule. A search is listed by relevance (its words' weighted cover density plus how closely
// the name reads like the term) or by any of the listing's orders, keyset-paginated either way.
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.ts";
import { INVALID_CURSOR, type KeysetOrder } from "../../db/keyset.ts";
import { isUuid } from "../../db/ids.ts";
import { likeLiteral } from "../../db/text.ts";
import { badInput } from "../../errors.ts";

/** Characters a search term needs to match anywhere in a name (a trigram's length), or a name like it. */
export const SEARCH_ANYWHERE_FROM = 3;

/**
 * The matches a relevance order ranks: the newest this many. Ranking reads every candidate, so a
 * common word ("curious", in every agent) is ranked among the newest of them and costs the same
 * at any size; a rare one (fewer matches than this) is ranked whole. Reading them costs at most
 * about this many ÷ the term's share of the network (a share of 1 in 47, a common first name:
 * 9,400 rows), whatever its size. Other orders page through every match.
 */
export const RELEVANCE_CANDIDATES = 200;

/** ts_rank_cd's weights, for D, C, B and A: a name's word counts ten times a behaviour's. */
const RANK_WEIGHTS = "{0.1,0.2,0.4,1.0}";

/** A search term as the database reads it. */
export type AgentSearch = {
  term: string;
  /**
   * to_tsquery's text: the words, all of them required, the last one a prefix; null when none.
   * resolveAgentSearch loosens a term of several words that no agent answers whole to any of them.
   */
  words: string | null;
  /** No letter or digit ('...', '!!!'): no word and no trigram, so it names a whole name. */
  wordless: boolean;
  /**
   * to_tsquery's text of the words of names most like a one-word term (a typo's corrections,
   * resolveAgentSearch): null when none is like it, or the term is not one word.
   */
  likeWords?: string | null;
};

/** Null for no search (nothing but spaces). */
export function agentSearch(search: string | null | undefined): AgentSearch | null {
  const term = search?.trim();
  if (!term) return null;
  // Letters (with their marks) and digits only: what to_tsquery reads can hold no operator.
  const found = term.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];
  return { term, words: joinedWords(found, " & "), wordless: found.length === 0 };
}

function joinedWords(found: string[], operator: " & " | " | "): string | null {
  return found.length === 0 ? null : found.map((word, i) => (i === found.length - 1 ? `${word}:*` : word)).join(operator);
}

/**
 * A term of several words that no agent (archived ones too) answers whole, loosened to any of its
 * words (#41: "haiku about memory" found nothing while every word was required); relevance ranks
 * an agent with more of them, nearer together, first. A term some agent answers whole keeps them
 * all, so a full name ("Pale Herald 4650") still finds that one agent and not every Pale Herald.
 * Whether one does is asked once (EXISTS, the words' GIN index and the name's trigram index) and
 * kept as corrections are, so a listing's pages all read the term one way.
 */
async function loosened(prisma: PrismaClient, search: AgentSearch): Promise<AgentSearch> {
  const key = `words:${search.term.toLowerCase()}`;
  const kept = keptCorrections(prisma);
  const known = kept.get(key);
  // Kept beside the corrections: "whole" when some agent answers every word, null when none does.
  let whole = known && known.until > Date.now() ? known.likeWords !== null : null;
  if (whole === null) {
    const [row] = await prisma.$queryRaw<{ whole: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM agents a WHERE ${wordsMatchSql(search, "a")} OR a.name ILIKE ${`%${likeLiteral(search.term)}%`}) AS whole`;
    whole = row?.whole === true;
    keep(kept, key, whole ? "whole" : null);
  }
  if (whole) return search;
  const found = search.term.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];
  return { ...search, words: joinedWords(found, " | ") };
}

/**
 * Whether relevance can rank the search. A term of one or two characters (a word still being
 * typed) or without letters (a whole name) is listed newest first instead: a prefix that short
 * matches a large share of the network (6 % for "qu"), and ranking that share would read
 * thousands of rows to order matches that all score alike.
 */
export function rankable(search: AgentSearch): boolean {
  return !search.wordless && [...search.term].length >= SEARCH_ANYWHERE_FROM;
}

/** The rule for the agents table aliased `alias` (the words' GIN index, the name's trigram index). */
export function agentMatchSql(search: AgentSearch, alias: string): Prisma.Sql {
  const a = Prisma.raw(alias);
  if (search.wordless) return Prisma.sql`${a}.name_key = ${search.term.toLowerCase()}`;
  return Prisma.sql`(${wordsMatchSql(search, alias)} OR ${nameMatchSql(search, alias)})`;
}

function wordsMatchSql(search: AgentSearch, alias: string): Prisma.Sql {
  return search.words ? Prisma.sql`${Prisma.raw(alias)}.search @@ to_tsquery('english', ${search.words})` : Prisma.sql`false`;
}

/** The words of names most like a one-word term, the closest first (resolveAgentSearch). */
const LIKE_WORDS = 5;

/** True for a term whose typo is forgiven: one word, three characters or more. */
const forgivesTypo = (search: AgentSearch) => !search.wordless && [...search.term].length >= SEARCH_ANYWHERE_FROM && !/ [&|] /.test(search.words ?? "");

/**
 * agentSearch, with a one-word term's corrections looked up: the words names are made of
 * (name_words, migration 20261130100000_name_words) most like it, by pg_trgm's word similarity
 * (0.6 or more) over that short table's trigram index. They are read first, in a statement of
 * their own, so that the search itself carries them as a constant the planner can weigh (a
 * subquery in their place left it to guess, and it read 200,000 agents for "haiku").
 */
export async function resolveAgentSearch(prisma: PrismaClient, text: string | null | undefined): Promise<AgentSearch | null> {
  const search = agentSearch(text);
  if (search?.words?.includes(" & ")) return loosened(prisma, search);
  if (!search || !forgivesTypo(search)) return search;
  const key = search.term.toLowerCase();
  const kept = keptCorrections(prisma);
  const known = kept.get(key);
  if (known && known.until > Date.now()) return { ...search, likeWords: known.likeWords };
  const rows = await prisma.$queryRaw<{ word: string }[]>`
    SELECT word FROM name_words WHERE ${search.term} <% word ORDER BY word_similarity(${search.term}, word) DESC, word LIMIT ${LIKE_WORDS}`;
  // Letters only by the table's rule; anything else is left out rather than read as an operator.
  const words = rows.map((row) => row.word).filter((word) => /^[\p{L}\p{M}]+$/u.test(word));
  const likeWords = words.length ? words.map((word) => `'${word}'`).join(" | ") : null;
  keep(kept, key, likeWords);
  return { ...search, likeWords };
}

function keep(kept: Corrections, key: string, likeWords: string | null) {
  if (kept.size >= CORRECTIONS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { likeWords, until: Date.now() + CORRECTIONS_TTL_MS });
}

/**
 * A term's corrections (and whether a term of several words is answered whole) are kept a few
 * seconds, per database: a search typed letter by letter, and the Ancestry Map's page and trees,
 * look them up once. A name forged meanwhile is found by
 * a typo of it that much later (its exact words at once).
 */
const CORRECTIONS_TTL_MS = 10_000;
const CORRECTIONS_KEPT = 1_000;
type Corrections = Map<string, { likeWords: string | null; until: number }>;
const corrections = new WeakMap<PrismaClient, Corrections>();
function keptCorrections(prisma: PrismaClient): Corrections {
  let kept = corrections.get(prisma);
  if (!kept) corrections.set(prisma, (kept = new Map() as Corrections));
  return kept;
}

/**
 * By name: three characters or more anywhere in it, or, for a term of one word, a name with a
 * word like it ("Quilamire" finds "Quillamire Thornwood", "nebulla" finds "Nebula Oracle"): the
 * agents carrying one of its likeWords, read through the text search index as a correctly spelt
 * word is (compared with every name instead, a typo of a common word read thousands of names at
 * any size). A shorter term has no trigram of its own and matches the start of the name.
 * Whole-name similarity (`%`, 0.3) is left out: its index hands back every name sharing two
 * trigrams with the term ("haiku": 853 names beginning with H at 20,000 agents, read and dropped).
 */
function nameMatchSql(search: AgentSearch, alias: string): Prisma.Sql {
  const a = Prisma.raw(alias);
  const literal = likeLiteral(search.term);
  if ([...search.term].length < SEARCH_ANYWHERE_FROM) return Prisma.sql`${a}.name ILIKE ${`${literal}%`}`;
  // A typo is forgiven in one word: a name of several ("Pale Herald 4650") shares most of its
  // trigrams with its neighbours ("Pale Herald 4651"), which would all be found with it.
  if (!forgivesTypo(search) || !search.likeWords) return Prisma.sql`${a}.name ILIKE ${`%${literal}%`}`;
  return Prisma.sql`(${a}.name ILIKE ${`%${literal}%`} OR ${a}.search @@ to_tsquery('english', ${search.likeWords}))`;
}

/** How well an agent answers the search: its words' weighted cover density (0 to 1) plus how alike its name reads (0 to 1). */
function rankSql(search: AgentSearch, alias: string): Prisma.Sql {
  const a = Prisma.raw(alias);
  const words = search.words ? Prisma.sql`ts_rank_cd(${RANK_WEIGHTS}::float4[], ${a}.search, to_tsquery('english', ${search.words}), 32)` : Prisma.sql`0`;
  return Prisma.sql`(${words} + word_similarity(${search.term}, ${a}.name))`;
}

export type SearchFilter = { type?: string | null | undefined; tag?: string | null | undefined; includeArchived?: boolean | null | undefined };

/** The listing's page: take (negative: the rows before the anchor), the anchor's id, the selection. */
export type SearchQuery = { take?: number; cursor?: { id?: unknown }; select?: unknown; include?: unknown };

/** The listing's columns, by the names its orders use. */
const COLUMNS: Record<string, string> = {
  createdAt: "created_at",
  nameKey: "name_key",
  type: "type",
  trendScore: "trend_score",
  activityTotal: "activity_total",
  id: "id",
};

/**
 * The rows after an anchor in `order` (before it when `backward`): one row comparison when every
 * key runs the same way (an index on those keys reads from the anchor on), else the union of
 * the ranges (ties on a prefix of the keys, then one strict comparison).
 */
function afterAnchorSql(order: { expression: Prisma.Sql; anchor: Prisma.Sql; descending: boolean }[], backward: boolean): Prisma.Sql {
  const comparison = (descending: boolean) => Prisma.raw(descending !== backward ? "<" : ">");
  if (order.every((key) => key.descending === order[0]!.descending)) {
    return Prisma.sql`(${Prisma.join(order.map((key) => key.expression))}) ${comparison(order[0]!.descending)} (${Prisma.join(order.map((key) => key.anchor))})`;
  }
  const ranges = order.map((key, index) =>
    Prisma.join(
      [
        ...order.slice(0, index).map((tie) => Prisma.sql`${tie.expression} = ${tie.anchor}`),
        Prisma.sql`${key.expression} ${comparison(key.descending)} ${key.anchor}`,
      ],
      " AND ",
    ),
  );
  return Prisma.sql`((${Prisma.join(ranges, ") OR (")}))`;
}

export function createAgentSearch(prisma: PrismaClient) {
  /** The page's agents in the order of `ids`, read with the caller's selection. */
  async function agentsIn(ids: string[], query: SearchQuery) {
    const { select, include } = query;
    const rows = await prisma.agent.findMany({ ...({ select, include } as Pick<Prisma.AgentFindManyArgs, "select" | "include">), where: { id: { in: ids } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The anchor of a page after (or before) a row: a cursor naming no agent is the client's mistake. */
  async function anchorOf(query: SearchQuery): Promise<string | null> {
    const id = query.cursor?.id;
    if (id === undefined) return null;
    const found = typeof id === "string" && isUuid(id) ? await prisma.agent.findUnique({ where: { id }, select: { id: true } }) : null;
    if (!found) throw badInput(INVALID_CURSOR, (query.take ?? 0) < 0 ? "before" : "after");
    return found.id;
  }

  const filterSql = (filter: SearchFilter, alias: string) => {
    const a = Prisma.raw(alias);
    return Prisma.join(
      [
        filter.includeArchived ? Prisma.sql`true` : Prisma.sql`NOT ${a}.archived`,
        ...(filter.type ? [Prisma.sql`${a}.type = ${filter.type}`] : []),
        // The tags' GIN index reads `@>` (`= ANY` would read every row).
        ...(filter.tag ? [Prisma.sql`${a}.tags @> ARRAY[${filter.tag}]::text[]`] : []),
      ],
      " AND ",
    );
  };

  return {
    /**
     * The matches, most relevant first (ties: newest first), among the newest
     * RELEVANCE_CANDIDATES. The cursor is an agent's id: its rank is computed again in the same
     * statement by the same expression (no float leaves the database), so a page starts exactly
     * after it.
     */
    async byRelevance(search: AgentSearch, filter: SearchFilter, query: SearchQuery = {}) {
      const anchor = await anchorOf(query);
      const take = query.take ?? 0;
      const backward = take < 0;
      const limit = Math.abs(take) || RELEVANCE_CANDIDATES;
      // The newest RELEVANCE_CANDIDATES matches (the GIN indexes when matches are few, the
      // newest-first index when they are many), each ranked where it is read.
      const candidates = Prisma.sql`
        SELECT a.id, ${rankSql(search, "a")} AS rank FROM agents a WHERE ${filterSql(filter, "a")} AND ${agentMatchSql(search, "a")}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${RELEVANCE_CANDIDATES}`;
      const after = anchor
        ? Prisma.sql`WHERE ${afterAnchorSql(
            [
              { expression: Prisma.sql`r.rank`, anchor: Prisma.sql`anchor.rank`, descending: true },
              { expression: Prisma.sql`r.id`, anchor: Prisma.sql`anchor.id`, descending: true },
            ],
            backward,
          )}`
        : Prisma.empty;
      const anchorRow = anchor
        ? Prisma.sql`, (SELECT ${rankSql(search, "a")} AS rank, a.id FROM agents a WHERE a.id = ${anchor}::uuid) AS anchor`
        : Prisma.empty;
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        WITH ranked AS (${candidates})
        SELECT r.id::text AS id FROM ranked r ${anchorRow} ${after}
        ORDER BY ${backward ? Prisma.sql`r.rank ASC, r.id ASC` : Prisma.sql`r.rank DESC, r.id DESC`}
        LIMIT ${limit}`;
      const ids = rows.map((row) => row.id);
      if (backward) ids.reverse();
      return agentsIn(ids, query);
    },

    /** The matches in one of the listing's orders, every one of them, a page after (or before) the anchor. */
    async inOrder(search: AgentSearch, filter: SearchFilter, order: KeysetOrder, query: SearchQuery = {}) {
      const anchor = await anchorOf(query);
      const take = query.take ?? 0;
      const backward = take < 0;
      const keys = order.map(([field, direction]) => {
        const column = COLUMNS[field];
        if (!column) throw new Error(`no column for the order key ${field}`);
        return { column: Prisma.raw(column), descending: direction === "desc" };
      });
      const after = anchor
        ? Prisma.sql`AND ${afterAnchorSql(
            keys.map((key) => ({
              expression: Prisma.sql`a.${key.column}`,
              anchor: Prisma.sql`(SELECT ${key.column} FROM agents WHERE id = ${anchor}::uuid)`,
              descending: key.descending,
            })),
            backward,
          )}`
        : Prisma.empty;
      const orderBy = Prisma.join(keys.map((key) => Prisma.sql`a.${key.column} ${Prisma.raw(key.descending !== backward ? "DESC" : "ASC")}`));
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        SELECT a.id::text AS id FROM agents a
        WHERE ${filterSql(filter, "a")} AND ${agentMatchSql(search, "a")} ${after}
        ORDER BY ${orderBy}
        LIMIT ${Math.abs(take) || RELEVANCE_CANDIDATES}`;
      const ids = rows.map((row) => row.id);
      if (backward) ids.reverse();
      return agentsIn(ids, query);
    },
  };
}
