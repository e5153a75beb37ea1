// The schema: each domain registers its types on the builder; this file only imports them.
import { builder } from "./builder.ts";
import "../domains/agents/graphql.ts";
import "../domains/agents/lineage.graphql.ts";
import "../domains/agents/mutations.ts";
import "../domains/agents/cards.graphql.ts";
import "../domains/agents/creators.graphql.ts";
import "../domains/agents/tags.graphql.ts";
import "../domains/agents/awakening.graphql.ts";
import "../domains/agents/activity.graphql.ts";
import "../domains/whispers/graphql.ts";
import "../domains/conversations/graphql.ts";
import "../domains/conversations/mutations.ts";
import "../domains/conversations/stream.graphql.ts";
import "../domains/conversations/conclaves.graphql.ts";
import "../domains/council/graphql.ts";
import "../domains/council/invocation.graphql.ts";
import "../domains/council/sessions.graphql.ts";
import "../domains/waitlist/graphql.ts";
import "../domains/accounts/graphql.ts";
import "../domains/accounts/curators.graphql.ts";
import "../domains/accounts/your-data.graphql.ts";
import "../domains/curation/graphql.ts";
import "../domains/usage/graphql.ts";
import "../domains/mind/graphql.ts";
import "../domains/sharing/graphql.ts";
import "../domains/notifications/graphql.ts";

export const schema = builder.toSchema({ sortSchema: false });
