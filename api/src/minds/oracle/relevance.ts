// Choosing from the deck by what the question is about: each pile is indexed once with MiniSearch
// (BM25 over the sentences' words, plurals and common endings folded, stop words left out), and
// searched with the question's words. The best few are the candidates; the attempt number turns
// through them, so a regenerated answer takes the next candidate and never the same one twice running.
import MiniSearch from "minisearch";
import { DECK, type Pile } from "./deck.ts";
import type { Draw } from "./seed.ts";

const STOP = new Set(
  "a an the and or but of to in on at by for with from as is are was were be been am do does did can could should would will shall may might must have has had i you he she it we they me my your his her its our their them this that these those what why how who whom whose where when which there here not no yes so if then than too very just about into over under again once more most some any all each every tell give show me please list one two three four five six seven eight nine ten long far many often soon still ever really".split(
    " ",
  ),
);

/** A word as the index keeps it: lower case, its plural or common ending folded ("links" -> "link"); null for a stop word. */
export function term(word: string): string | null {
  const lower = word.toLowerCase().replace(/['’]s$/, "");
  if (lower.length < 3 || STOP.has(lower)) return null;
  if (lower.length > 4 && lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (lower.length > 5 && lower.endsWith("ing")) return lower.slice(0, -3);
  if (lower.length > 4 && /[^s]s$/.test(lower) && !/(us|is)$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

const indexes = new Map<Pile, MiniSearch<{ id: number; text: string }>>();

function indexOf(pile: Pile) {
  let index = indexes.get(pile);
  if (!index) {
    index = new MiniSearch<{ id: number; text: string }>({ fields: ["text"], processTerm: (word) => term(word) ?? false });
    index.addAll(DECK[pile].map((text, id) => ({ id, text })));
    indexes.set(pile, index);
  }
  return index;
}

/**
 * The pile's sentences that share a word with the query, best first, among those `allowed`, and
 * how many of them score close to the best (within a third of its score): those are the candidates.
 */
export function relevant(pile: Pile, query: readonly string[], allowed: (at: number) => boolean = () => true): { order: number[]; close: number; top: number } {
  const words = query.map(term).filter((word): word is string => word !== null);
  if (words.length === 0) return { order: [], close: 0, top: 0 };
  const results = indexOf(pile)
    .search(words.join(" "), { prefix: (word) => word.length > 4, fuzzy: (word) => (word.length > 6 ? 0.15 : false), combineWith: "OR" })
    .filter((result) => allowed(result.id as number));
  const top = results[0]?.score ?? 0;
  return { order: results.map((result) => result.id as number), close: results.filter((result) => result.score >= top * (2 / 3)).length, top };
}

/** How closely the pile's best sentence speaks to the query (0 when none shares a word). */
export const topScore = (pile: Pile, query: readonly string[], allowed: (at: number) => boolean = () => true) => relevant(pile, query, allowed).top;

/**
 * What a choice needs: the seeded draw of this attempt, the attempt number, a seed that stays the
 * same across attempts, and one that depends on the speaker and the question alone (`settled`: a
 * verdict stays the same when the question is asked again, or asked again "in one word").
 */
export type Choosing = { draw: Draw; attempt: number; stable: (key: string) => number; settled: (key: string) => number };

/**
 * The pile's sentences in the order this question takes them: the relevant ones first, then the
 * rest in a seeded order, turned by the attempt number (attempt 2 starts where attempt 1 did one further on).
 */
export function ordered(pile: Pile, query: readonly string[], choosing: Choosing, allowed: (at: number) => boolean = () => true): string[] {
  return orderOf(pile, query, choosing, allowed).sentences;
}

function orderOf(pile: Pile, query: readonly string[], choosing: Choosing, allowed: (at: number) => boolean) {
  const sentences = DECK[pile];
  const { order: best, close } = relevant(pile, query, allowed);
  const rest = sentences.map((_, at) => at).filter((at) => allowed(at) && !best.includes(at));
  // The rest in an order seeded by the question, not the attempt.
  const shuffled = rest
    .map((at) => ({ at, key: choosing.stable(`${pile}:${at}`) }))
    .sort((a, b) => a.key - b.key)
    .map(({ at }) => at);
  return { sentences: [...best, ...shuffled].map((at) => sentences[at]!), close };
}

/**
 * One sentence: among the candidates (those scoring close to the best, or three when nothing
 * speaks to the question), the one this attempt turns to.
 */
export function chosen(pile: Pile, query: readonly string[], choosing: Choosing, allowed: (at: number) => boolean = () => true): string {
  const { sentences: order, close } = orderOf(pile, query, choosing, allowed);
  // Every sentence of the pile already taken (by the seats before this one): the pile's own order then.
  if (order.length === 0) return ordered(pile, query, choosing)[0]!;
  // Only sentences on the subject are candidates when any is: a regenerated answer says the one
  // again rather than one on something else (at most one sentence shared, #41).
  const pool = order.slice(0, Math.min(order.length, close > 0 ? close : 3));
  // The first attempt starts among the closest; later ones turn on through the pool.
  const start = Math.floor(choosing.stable(`${pile}:start`) * (close > 0 ? close : pool.length));
  return pool[(start + choosing.attempt - 1) % pool.length]!;
}

/** `count` sentences: the list this attempt starts, one further on than the attempt before. */
export function chosenMany(pile: Pile, query: readonly string[], count: number, choosing: Choosing, allowed: (at: number) => boolean = () => true): string[] {
  const order = ordered(pile, query, choosing, allowed);
  const shift = (choosing.attempt - 1) % Math.max(1, order.length);
  return [...order.slice(shift), ...order.slice(0, shift)].slice(0, count);
}
