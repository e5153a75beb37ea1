// What the Council's screens show before the server answers a mutation (the hooks hold the
// graphql tags; these are their optimistic updaters, apart so that they can be tested). Relay
// rolls an optimistic update back when its mutation fails, and replaces it with the server's
// answer when it succeeds.
import { ConnectionHandler, type RecordSourceSelectorProxy } from "relay-runtime";

/**
 * The nominated agent's count rises at once. The server's answer then sets the true count: a
 * visitor's repeated nomination counts once, so the count settles back where it was.
 */
export function raiseNominationCount(store: RecordSourceSelectorProxy, agentId: string) {
  const agent = store.get(agentId);
  const count: unknown = agent?.getValue("nominationCount");
  if (agent && typeof count === "number") agent.setValue(count + 1, "nominationCount");
}

let pendingWhispers = 0;

/**
 * The whisper joins Recent Whispers at once, not yet answered, until the mutation's answer (the
 * whisper with the Council's response) takes its place.
 */
export function pendingWhisper(connectionId: string, content: string) {
  const id = `client:pending-whisper:${++pendingWhispers}`;
  const createdAt = new Date().toISOString();
  let shownBefore: Set<string> | undefined;
  return (store: RecordSourceSelectorProxy) => {
    const connection = store.get(connectionId);
    if (!connection) return;
    const nodes = (connection.getLinkedRecords("edges") ?? []).flatMap((edge) => edge?.getLinkedRecord("node") ?? []);
    shownBefore ??= new Set(nodes.map((node) => node.getDataID()));
    // Relay runs this again after every write beneath it. The Council's live echo of this whisper
    // may come before the mutation's answer: once it shows, the pending one would be a double.
    if (nodes.some((node) => !shownBefore!.has(node.getDataID()) && node.getValue("content") === content)) return;
    const whisper = store.create(id, "CouncilWhisper");
    for (const [field, value] of Object.entries({ id, content, councilResponse: null, responseMode: null, responseOracleReason: null, createdAt }))
      whisper.setValue(value, field);
    ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, whisper, "QueryCouncilWhispersConnectionEdge"));
  };
}
