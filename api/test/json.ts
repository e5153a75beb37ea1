// The tests' name for what they read field by field, kept apart so that every helper may import it.

/** A response body or GraphQL payload: asserted field by field, so left untyped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
