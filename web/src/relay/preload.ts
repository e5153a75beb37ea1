// Route loaders start fetching a screen's query before its component renders (render-as-you-fetch).
import { loadQuery, type PreloadedQuery } from "react-relay";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import { getEnvironment } from "./current";

export function preloadQuery<Q extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Q["variables"],
): PreloadedQuery<Q> {
  return loadQuery<Q>(getEnvironment(), query, variables, { fetchPolicy: "store-or-network" });
}
