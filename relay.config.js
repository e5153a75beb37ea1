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
