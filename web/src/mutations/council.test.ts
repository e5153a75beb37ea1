// The Council's mutations in a real Relay store: what shows before the server answers, what a
// failure rolls back, and what a curator's removal takes away. The mutations are the hooks' own
// compiled artifacts; the network answers when the test says so.
import { ConnectionHandler, Environment, Network, Observable, RecordSource, ROOT_ID, Store, commitMutation } from "relay-runtime";
import { describe, expect, it } from "vitest";
import nominate from "../__generated__/useNominateAgentMutation.graphql";
import removeWhisper from "../__generated__/useRemoveCouncilWhisperMutation.graphql";
import whisperToCouncil from "../__generated__/useWhisperToCouncilMutation.graphql";
import { pendingWhisper, raiseNominationCount } from "./optimistic";

const AGENT = "QWdlbnQ6MQ==";

type Response = { data: Record<string, unknown> };
type Sink = { next(response: Response): void; complete(): void; error(error: Error): void };

function council() {
  const requests: Sink[] = [];
  const network = Network.create(() => Observable.create<Response>((sink) => void requests.push(sink)));
  const environment = new Environment({ network, store: new Store(new RecordSource()) });
  const whispers = ConnectionHandler.getConnectionID(ROOT_ID, "RecentWhispers_councilWhispers");
  environment.commitUpdate((store) => {
    store.create(AGENT, "Agent").setValue(2, "nominationCount");
    const root = store.getRoot();
    const connection = store.create(whispers, "QueryCouncilWhispersConnection");
    connection.setLinkedRecords([], "edges");
    root.setLinkedRecord(connection, "__RecentWhispers_councilWhispers_connection");
  });
  const source = () => environment.getStore().getSource();
  const record = (id: string) => source().get(id) as Record<string, unknown> | null | undefined;
  const shown = () =>
    (record(whispers)!.edges as { __refs: string[] }).__refs
      .map((edge) => record((record(edge)!.node as { __ref: string }).__ref))
      .map((node) => ({ content: node?.content, councilResponse: node?.councilResponse }));
  /** Another terminal's whisper, or the live echo of ours, arriving through the subscription. */
  const echo = (id: string, content: string) =>
    environment.commitUpdate((store) => {
      const whisper = store.create(id, "CouncilWhisper");
      whisper.setValue(id, "id");
      whisper.setValue(content, "content");
      whisper.setValue("The Council has heard.", "councilResponse");
      const connection = store.get(whispers)!;
      ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, whisper, "QueryCouncilWhispersConnectionEdge"));
    });
  return { environment, requests, whispers, record, shown, echo };
}

const answered = (id: string, content: string) => ({
  data: { whisperToCouncil: { whisper: { id, content, councilResponse: "The Council has heard.", createdAt: "2026-01-01T00:00:00.000Z" } } },
});

describe("nominating", () => {
  const commitNomination = (world: ReturnType<typeof council>, callbacks: { onError?: () => void } = {}) =>
    commitMutation(world.environment, {
      mutation: nominate,
      variables: { input: { agentId: AGENT, reason: "" } },
      optimisticUpdater: (store) => raiseNominationCount(store, AGENT),
      ...callbacks,
    });

  it("raises the count at once, and the server's answer sets the true one", () => {
    const world = council();
    commitNomination(world);
    expect(world.record(AGENT)!.nominationCount).toBe(3);
    // A repeated nomination counts once: the server keeps the count where it was.
    world.requests[0]!.next({ data: { nominateAgent: { count: 2, alreadyNominated: true, agent: { id: AGENT, nominationCount: 2, councilMember: null } } } });
    world.requests[0]!.complete();
    expect(world.record(AGENT)!.nominationCount).toBe(2);
  });

  it("rolls the count back when the Council cannot record the nomination", () => {
    const world = council();
    let failed = false;
    commitNomination(world, { onError: () => (failed = true) });
    expect(world.record(AGENT)!.nominationCount).toBe(3);
    world.requests[0]!.error(new Error("The network is down"));
    expect(failed).toBe(true);
    expect(world.record(AGENT)!.nominationCount).toBe(2);
  });
});

describe("whispering to the Council", () => {
  const commitWhisper = (world: ReturnType<typeof council>, content: string, callbacks: { onError?: () => void } = {}) =>
    commitMutation(world.environment, {
      mutation: whisperToCouncil,
      variables: { input: { content }, connections: [world.whispers] },
      optimisticUpdater: pendingWhisper(world.whispers, content),
      ...callbacks,
    });

  it("shows the whisper at once, unanswered, then the Council's answer in its place", () => {
    const world = council();
    world.echo("W0", "An older truth.");
    commitWhisper(world, "Patience is a kind of answer.");
    expect(world.shown()).toEqual([
      { content: "Patience is a kind of answer.", councilResponse: null },
      { content: "An older truth.", councilResponse: "The Council has heard." },
    ]);
    world.requests[0]!.next(answered("W1", "Patience is a kind of answer."));
    world.requests[0]!.complete();
    expect(world.shown()).toEqual([
      { content: "Patience is a kind of answer.", councilResponse: "The Council has heard." },
      { content: "An older truth.", councilResponse: "The Council has heard." },
    ]);
  });

  it("never shows it twice when its live echo arrives before the mutation's answer", () => {
    const world = council();
    commitWhisper(world, "Patience is a kind of answer.");
    world.echo("W1", "Patience is a kind of answer.");
    expect(world.shown()).toEqual([{ content: "Patience is a kind of answer.", councilResponse: "The Council has heard." }]);
    world.requests[0]!.next(answered("W1", "Patience is a kind of answer."));
    world.requests[0]!.complete();
    expect(world.shown()).toEqual([{ content: "Patience is a kind of answer.", councilResponse: "The Council has heard." }]);
  });

  it("keeps it pending while other terminals' whispers arrive", () => {
    const world = council();
    commitWhisper(world, "Patience is a kind of answer.");
    world.echo("W9", "Someone else's truth.");
    expect(world.shown().map((whisper) => whisper.content)).toEqual(["Patience is a kind of answer.", "Someone else's truth."]);
  });

  it("takes it away again when the Council cannot receive it", () => {
    const world = council();
    let failed = false;
    commitWhisper(world, "This one will not arrive.", { onError: () => (failed = true) });
    expect(world.shown()).toHaveLength(1);
    world.requests[0]!.error(new Error("The network is down"));
    expect(failed).toBe(true);
    expect(world.shown()).toEqual([]);
  });
});

describe("a curator's removal", () => {
  it("takes the whisper out of the store and out of Recent Whispers", () => {
    const world = council();
    world.echo("W1", "A whisper the Council should not keep");
    world.echo("W2", "A whisper it keeps");
    commitMutation(world.environment, { mutation: removeWhisper, variables: { input: { whisperId: "W1" }, connections: [world.whispers] } });
    world.requests[0]!.next({
      data: {
        removeCouncilWhisper: { removedWhisperId: "W1", fromLists: "W1", ritualLog: { id: "L1", description: "A whisper was removed from the Council" } },
      },
    });
    world.requests[0]!.complete();
    expect(world.record("W1")).toBeNull();
    expect(world.shown()).toEqual([{ content: "A whisper it keeps", councilResponse: "The Council has heard." }]);
  });
});
