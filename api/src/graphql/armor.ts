// Limits on what one GraphQL operation may ask for, on HTTP and WebSocket alike (both run
// Yoga's validation). Tuned so that every screen's query passes with room to spare (a test
// runs each of the web app's operations against them) while abusive documents are refused.
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";

export const ARMOR_LIMITS = {
  /** The deepest screen query (an agent's lineage children) nests 8 levels. */
  maxDepth: 12,
  maxAliases: 10,
  maxDirectives: 30,
  /** The longest screen document is a few hundred tokens. */
  maxTokens: 2000,
  maxCost: 5000,
} as const;

export function armorPlugin() {
  return EnvelopArmorPlugin({
    maxDepth: { n: ARMOR_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: ARMOR_LIMITS.maxAliases },
    maxDirectives: { n: ARMOR_LIMITS.maxDirectives },
    maxTokens: { n: ARMOR_LIMITS.maxTokens },
    costLimit: { maxCost: ARMOR_LIMITS.maxCost, ignoreIntrospection: true, flattenFragments: true },
    blockFieldSuggestion: { enabled: true },
  });
}
