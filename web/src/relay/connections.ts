// Ids of the client-side connections that mutations add to (@prependNode / @prependEdge).
import { ConnectionHandler, ROOT_ID } from "relay-runtime";

/** The Named's default listing (newest first, archived hidden, no search or type filter). */
export function namedListingConnection(): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, "AgentGrid_agents", { includeArchived: false, sort: "NEWEST" });
}

/** An agent's evolutions as its profile's lineage card lists them. */
export function childrenConnection(agentId: string): string {
  return ConnectionHandler.getConnectionID(agentId, "LineageCard_children");
}

/** The Conversations screen's history (no search typed). */
export function conversationsConnection(): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, "ConversationList_conversations");
}

/** A profile's "your threads with this agent". */
export function agentThreadsConnection(agentId: string): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, "AgentThreads_conversations", { agentId });
}

/** The asker's Council sessions, as the Summoning Gate's history lists them. */
export function councilSessionsConnection(): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, "SessionHistory_councilSessions");
}
