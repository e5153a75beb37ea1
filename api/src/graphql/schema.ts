// The schema: each domain registers its types on the builder; this file only imports them.
import { builder } from "./builder.ts";
import "../domains/agents/graphql.ts";

export const schema = builder.toSchema({ sortSchema: false });
