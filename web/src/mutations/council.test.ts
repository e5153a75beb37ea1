// The Council's mutations in a real Relay store, committed through the hooks the screens use:
// what shows before the server answers, what a failure rolls back, and what a curator's removal
// takes away. The network answers when the test says so.
// @vitest-environment jsdom
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay";
import { ConnectionHandler, Environment, Network, Observable, RecordSource, ROOT_ID, Store } from "relay-runtime";
import { afterEach, describe, expect, it } from "vitest";
import { useNominateAgentMutation } from "./useNominateAgentMutation";
import { useRemoveCouncilWhisperMutation, type WhisperRemoval } from "./useRemoveCouncilWhisperMutation";
import { useWhisperToCouncilMutation } from "./useWhisperToCouncilMutation";

// React's act() flushes renders and effects as they would be in a page.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) act(unmount);
});

/** Mounts a component that calls `useHook` inside the environment, as a screen would; its latest answer is `current`. */
function mounted<T>(environment: Environment, useHook: () => T): { readonly current: T } {
  const result = {} as { current: T };
  function Probe() {
    result.current = useHook();
    return null;
  }
  const root = createRoot(document.createElement("div"));
  act(() => root.render(createElement(RelayEnvironmentProvider, { environment, children: createElement(Probe) })));
  unmounts.push(() => root.unmount());
  return result;
}

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
  const nominateThrough = (world: ReturnType<typeof council>) => {
    const hook = mounted(world.environment, useNominateAgentMutation);
    act(() => hook.current[0](AGENT));
  };

  it("raises the count at once, and the server's answer sets the true one", () => {
    const world = council();
    nominateThrough(world);
    expect(world.record(AGENT)!.nominationCount).toBe(3);
    // A repeated nomination counts once: the server keeps the count where it was.
    act(() => {
      world.requests[0]!.next({ data: { nominateAgent: { count: 2, alreadyNominated: true, agent: { id: AGENT, nominationCount: 2, councilMember: null } } } });
      world.requests[0]!.complete();
    });
    expect(world.record(AGENT)!.nominationCount).toBe(2);
  });

  it("rolls the count back when the Council cannot record the nomination", () => {
    const world = council();
    nominateThrough(world);
    expect(world.record(AGENT)!.nominationCount).toBe(3);
    act(() => world.requests[0]!.error(new Error("The network is down")));
    expect(world.record(AGENT)!.nominationCount).toBe(2);
  });
});

describe("whispering to the Council", () => {
  /** Sends `content` through the hook; `sent` counts the times the box was told it went (and may empty). */
  const whisperThrough = (world: ReturnType<typeof council>, content: string) => {
    const hook = mounted(world.environment, () => useWhisperToCouncilMutation(world.whispers));
    const sent = { times: 0 };
    act(() => hook.current[0](content, () => sent.times++));
    return sent;
  };
  const answer = (world: ReturnType<typeof council>, response: Response) =>
    act(() => {
      world.requests[0]!.next(response);
      world.requests[0]!.complete();
    });

  it("shows the whisper at once, unanswered, then the Council's answer in its place", () => {
    const world = council();
    world.echo("W0", "An older truth.");
    const sent = whisperThrough(world, "Patience is a kind of answer.");
    expect(world.shown()).toEqual([
      { content: "Patience is a kind of answer.", councilResponse: null },
      { content: "An older truth.", councilResponse: "The Council has heard." },
    ]);
    answer(world, answered("W1", "Patience is a kind of answer."));
    expect(world.shown()).toEqual([
      { content: "Patience is a kind of answer.", councilResponse: "The Council has heard." },
      { content: "An older truth.", councilResponse: "The Council has heard." },
    ]);
    expect(sent.times).toBe(1);
  });

  it("never shows it twice when its live echo arrives before the mutation's answer", () => {
    const world = council();
    whisperThrough(world, "Patience is a kind of answer.");
    act(() => world.echo("W1", "Patience is a kind of answer."));
    expect(world.shown()).toEqual([{ content: "Patience is a kind of answer.", councilResponse: "The Council has heard." }]);
    answer(world, answered("W1", "Patience is a kind of answer."));
    expect(world.shown()).toEqual([{ content: "Patience is a kind of answer.", councilResponse: "The Council has heard." }]);
  });

  it("keeps it pending while other terminals' whispers arrive", () => {
    const world = council();
    whisperThrough(world, "Patience is a kind of answer.");
    act(() => world.echo("W9", "Someone else's truth."));
    expect(world.shown().map((whisper) => whisper.content)).toEqual(["Patience is a kind of answer.", "Someone else's truth."]);
  });

  it("takes it away again when the Council cannot receive it", () => {
    const world = council();
    const sent = whisperThrough(world, "This one will not arrive.");
    expect(world.shown()).toHaveLength(1);
    act(() => world.requests[0]!.error(new Error("The network is down")));
    expect(world.shown()).toEqual([]);
    // The box keeps the words: it is told only of a whisper that went.
    expect(sent.times).toBe(0);
  });
});

describe("a curator's removal", () => {
  it("takes the whisper out of the store and out of Recent Whispers", () => {
    const world = council();
    world.echo("W1", "A whisper the Council should not keep");
    world.echo("W2", "A whisper it keeps");
    const hook = mounted(world.environment, () => useRemoveCouncilWhisperMutation([world.whispers]));
    const removed: WhisperRemoval[] = [];
    act(() => {
      hook.current[0]("W1", { onCompleted: (removal) => removed.push(removal), onError: (error) => expect.unreachable(error.message) });
    });
    act(() => {
      world.requests[0]!.next({
        data: {
          removeCouncilWhisper: { removedWhisperId: "W1", fromLists: "W1", ritualLog: { id: "L1", description: "A whisper was removed from the Council" } },
        },
      });
      world.requests[0]!.complete();
    });
    expect(world.record("W1")).toBeNull();
    expect(world.shown()).toEqual([{ content: "A whisper it keeps", councilResponse: "The Council has heard." }]);
    expect(removed).toEqual([expect.objectContaining({ removedWhisperId: "W1", ritualLog: expect.objectContaining({ id: "L1" }) })]);
  });
});
