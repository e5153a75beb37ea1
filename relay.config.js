// Relay compiler configuration. Named exports, because the compiler loads this file with
// require() and reads the module namespace as the config object.
export const src = "./web/src";
export const schema = "./schema.graphql";
export const language = "typescript";
export const artifactDirectory = "./web/src/__generated__";
export const eagerEsModules = true;
export const noFutureProofEnums = true;
export const excludes = ["**/node_modules/**", "**/__generated__/**"];
// DateTime travels as an ISO 8601 string (api/src/graphql/builder.ts).
export const customScalarTypes = { DateTime: "string" };
// Every operation is persisted at build time (#31): the compiler writes id -> text here, the
// artifacts carry the id, and the server runs an operation by its id (api/src/graphql/persisted.ts).
// The text stays in the artifacts too, for development's arbitrary documents and the tests.
export const persistConfig = { file: "./shared/src/generated/persisted-operations.json", algorithm: "SHA256", include_query_text: true };
