// Limits on what one GraphQL operation may ask for, on HTTP and WebSocket alike (both run
// Yoga's validation). Tuned so that every screen's query passes with room to spare (a test
// runs each of the web app's operations against them) while abusive documents are refused.
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError } from "graphql";

export const ARMOR_LIMITS = {
  /** The deepest screen query (an agent's lineage children) nests 8 levels. */
  maxDepth: 12,
  maxAliases: 10,
  maxDirectives: 30,
  /** The longest screen document is a few hundred tokens. */
  maxTokens: 2000,
  /**
   * A page of 100 conversation turns with what a thread shows of each costs about 6,000 (armor
   * multiplies by the page size); nested lists of 100 inside lists of 100 cost millions.
   */
  maxCost: 10000,
} as const;

export const TOO_COMPLEX = "QUERY_TOO_COMPLEX";

/**
 * Armor words every refusal as a syntax error, without a code; the client is told what limit
 * its operation passed, with a code of its own, as a request error (400).
 */
const refuse = { propagateOnRejection: false, onReject: [(_context: unknown, error: GraphQLError) => {
  throw new GraphQLError(error.message.replace(/^Syntax Error: /, ""), { extensions: { code: TOO_COMPLEX, http: { status: 400 } } });
}] };

export function armorPlugin() {
  return EnvelopArmorPlugin({
    maxDepth: { n: ARMOR_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...refuse },
    maxAliases: { n: ARMOR_LIMITS.maxAliases, ...refuse },
    maxDirectives: { n: ARMOR_LIMITS.maxDirectives, ...refuse },
    maxTokens: { n: ARMOR_LIMITS.maxTokens, ...refuse },
    costLimit: { maxCost: ARMOR_LIMITS.maxCost, ignoreIntrospection: true, flattenFragments: true, ...refuse },
    blockFieldSuggestion: { enabled: true },
  });
}
