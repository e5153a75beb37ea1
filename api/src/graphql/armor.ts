// Limits on what one GraphQL operation may ask for, on HTTP and WebSocket alike (both run
// Yoga's validation). Tuned so that every screen's query passes with room to spare (a test
// runs each of the web app's operations against them) while abusive documents are refused.
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError } from "graphql";
import { costLimitPlugin, TOO_COMPLEX } from "./cost.ts";

export { TOO_COMPLEX } from "./cost.ts";

export const ARMOR_LIMITS = {
  /** The deepest screen query (an agent's lineage children) nests 8 levels. */
  maxDepth: 12,
  maxAliases: 10,
  maxDirectives: 30,
  /** The longest screen document is a few hundred tokens. */
  maxTokens: 2000,
  /**
   * The objects and list items an answer may hold at worst (cost.ts: every list at its maximum
   * length). The costliest screen, the Ancestry Map's page of 12 lineages of up to 601 agents
   * each, weighs about 21,700, and the graph's largest page of lineages (50) with each agent's
   * parent about 60,300; three nested `ancestors` weigh 127,550, four 6.4 million.
   */
  maxCost: 65000,
} as const;

/**
 * Armor words every refusal as a syntax error, without a code; the client is told what limit
 * its operation passed, with a code of its own, as a request error (400).
 */
const refuse = {
  propagateOnRejection: false,
  onReject: [
    (_context: unknown, error: GraphQLError) => {
      throw new GraphQLError(error.message.replace(/^Syntax Error: /, ""), { extensions: { code: TOO_COMPLEX, http: { status: 400 } } });
    },
  ],
};

/** Armor's limits, and our cost limit in place of armor's (which weighs a plain list as one object). */
export function armorPlugins(limits: { maxCost: number } = ARMOR_LIMITS) {
  return [armorPlugin(), costLimitPlugin({ maxCost: limits.maxCost })];
}

function armorPlugin() {
  return EnvelopArmorPlugin({
    maxDepth: { n: ARMOR_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...refuse },
    maxAliases: { n: ARMOR_LIMITS.maxAliases, ...refuse },
    maxDirectives: { n: ARMOR_LIMITS.maxDirectives, ...refuse },
    maxTokens: { n: ARMOR_LIMITS.maxTokens, ...refuse },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  });
}
