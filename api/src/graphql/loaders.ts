// Per-request batching: a DataLoader lives as long as one operation's context, so the fields of
// every item of a list ask together (one statement for a page's ancestors, not one per agent),
// and nothing read for one request is served to another.
import type DataLoader from "dataloader";
import type { GraphQLContext } from "./context.ts";

const loaders = new WeakMap<GraphQLContext, Map<string, DataLoader<never, unknown>>>();

/** The request's loader named `key`, made on first use. */
export function loaderOf<K, V>(ctx: GraphQLContext, key: string, make: () => DataLoader<K, V>): DataLoader<K, V> {
  let byKey = loaders.get(ctx);
  if (!byKey) loaders.set(ctx, (byKey = new Map<string, DataLoader<never, unknown>>()));
  let loader = byKey.get(key) as unknown as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = make();
    byKey.set(key, loader);
  }
  return loader;
}
