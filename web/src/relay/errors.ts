// What to tell a person when an operation fails: the server's own message (a GraphQL error,
// already worded for people) rather than Relay's wrapper text around it.
type GraphQLErrorLike = { message?: string; extensions?: { code?: string } };

function graphQLErrors(error: unknown): GraphQLErrorLike[] {
  const source = (error as { source?: { errors?: GraphQLErrorLike[] } } | null)?.source;
  return Array.isArray(source?.errors) ? source.errors : [];
}

/** The message the server worded for people, when `error` carries one. */
export function serverMessage(error: unknown): string | undefined {
  return graphQLErrors(error)[0]?.message || undefined;
}

/** The first server message carried by `error`, else its own message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  const [first] = graphQLErrors(error);
  if (first?.message) return first.message;
  if (error instanceof Error && error.message && !error.message.startsWith("No data returned")) return error.message;
  return fallback;
}

/** The `extensions.code` of the first GraphQL error, when there is one. */
export function errorCode(error: unknown): string | undefined {
  return graphQLErrors(error)[0]?.extensions?.code;
}
