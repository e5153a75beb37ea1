// Route loaders start fetching a screen's query before its component renders (render-as-you-fetch);
// the query is disposed once the route is left (relay/route-queries.ts).
import { loadQuery, type LoadQueryOptions, type PreloadedQuery } from "react-relay";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import { getEnvironment } from "./current";
import { holdRouteQuery } from "./route-queries";

export function preloadQuery<Q extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Q["variables"],
  options: LoadQueryOptions = { fetchPolicy: "store-or-network" },
): PreloadedQuery<Q> {
  return holdRouteQuery(loadQuery<Q>(getEnvironment(), query, variables, options));
}
