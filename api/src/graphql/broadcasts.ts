// Broadcast subscriptions, executed once per event for every socket that asked the same thing
// (#31: ten thousand watchers of the ritual log). A feed such as ritualLogAdded sends the same
// event to everyone; run per socket, each event is executed, checked and serialised once per
// watcher. Here the first socket's subscription runs and every socket that sends the same
// document, operation and variables receives its results, as long as nothing it selects can
// differ between viewers:
// - the root field is declared a broadcast (`BROADCAST`): a feed of public events, never an act
//   (agentForging, agentInvocation and the like do work for their caller on every subscribe);
// - every field below it is read without the request's context: an exposed column, a Prisma
//   relation without a query of its own, a node's id, or a resolver that does not take the
//   context (fewer than three parameters), so it cannot see who is asking;
// - no auth scope applies to any field or type it selects (the root type's token check aside:
//   a subscriber whose token was refused never shares).
// Anything else, or a document that cannot be read so, runs per socket as before.
//
// A socket that joins a running stream hears exactly what a stream of its own would: the events
// that arrive after it joined. The bus stamps each event with its arrival in this process
// (events/bus.ts); the stream notes the stamp of the event it is executing, and a result goes to
// the sockets that joined before that event arrived, not to one that joined while it was on its way.
import {
  getNamedType,
  getOperationAST,
  isObjectType,
  Kind,
  OperationTypeNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import type { Bus } from "../events/bus.ts";
import { metrics } from "../metrics.ts";

/**
 * Events a sharing socket may leave unread: its sends wait on its client (ws-transport.ts drops
 * one that stops reading), so a backlog this long means it is gone; it is ended, not buffered.
 */
export const BROADCAST_BACKLOG = 256;

/** Field options that mark a root subscription field as a feed of public events. */
export const BROADCAST = { extensions: { broadcast: true } } as const;

type FieldExtensions = {
  broadcast?: boolean;
  pothosExposedField?: unknown;
  pothosPrismaRelationField?: unknown;
  pothosOriginalResolve?: (...args: never[]) => unknown;
  pothosOptions?: { authScopes?: unknown; query?: unknown; select?: unknown };
};

type TypeExtensions = { pothosOptions?: { authScopes?: unknown } };

/** True when `field` of `parent` answers the same whoever asks (see the rules above). */
function viewerFree(parent: GraphQLObjectType, field: GraphQLField<unknown, unknown>): boolean {
  if ((parent.extensions as TypeExtensions).pothosOptions?.authScopes) return false;
  const extensions = field.extensions as FieldExtensions;
  const options = extensions.pothosOptions ?? {};
  if (options.authScopes) return false;
  // A type with scopes of its own is checked for each viewer as it is resolved, whatever is selected of it.
  const returned = getNamedType(field.type);
  if (isObjectType(returned) && (returned.extensions as TypeExtensions).pothosOptions?.authScopes) return false;
  if (extensions.pothosExposedField !== undefined) return true;
  if (extensions.pothosPrismaRelationField !== undefined) return typeof options.query !== "function" && typeof options.select !== "function";
  if (field.name === "id" && parent.getInterfaces().some((face) => face.name === "Node")) return true;
  const resolve = extensions.pothosOriginalResolve;
  return typeof resolve === "function" && resolve.length < 3 && typeof options.select !== "function";
}

/** Whether a subscription document may be shared among viewers, read once per document. */
export function broadcastReader(schema: GraphQLSchema) {
  const known = new WeakMap<DocumentNode, Map<string, boolean>>();
  const read = (document: DocumentNode, operationName: string | undefined): boolean => {
    const operation = getOperationAST(document, operationName);
    const root = schema.getSubscriptionType();
    if (!operation || operation.operation !== OperationTypeNode.SUBSCRIPTION || !root) return false;
    const typeInfo = new TypeInfo(schema);
    let shared = true;
    let depth = 0;
    // Only this operation and the fragments it spreads are read; another operation in the
    // same document is not this one's concern, so it is left out of the walk.
    const fragments = document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
    visit(
      { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] },
      visitWithTypeInfo(typeInfo, {
        Field: {
          enter(node) {
            if (!shared) return false;
            const parent = typeInfo.getParentType();
            const field = typeInfo.getFieldDef();
            depth++;
            if (node.name.value === "__typename") return undefined;
            if (!parent || !field || !isObjectType(getNamedType(parent))) {
              // An interface or union field: its resolvers are its implementations', not read here.
              shared = false;
              return false;
            }
            const owner = getNamedType(parent) as GraphQLObjectType;
            if (owner === root) {
              if ((field.extensions as FieldExtensions).broadcast !== true) shared = false;
            } else if (!viewerFree(owner, field)) shared = false;
            return shared ? undefined : false;
          },
          leave() {
            depth--;
          },
        },
      }),
    );
    return shared && depth === 0;
  };
  return (document: DocumentNode, operationName: string | undefined): boolean => {
    let byName = known.get(document);
    if (!byName) known.set(document, (byName = new Map<string, boolean>()));
    const name = operationName ?? "";
    let shared = byName.get(name);
    if (shared === undefined) byName.set(name, (shared = read(document, operationName)));
    return shared;
  };
}

type Stream = AsyncIterable<ExecutionResult>;
type Started = Stream | ExecutionResult;

/**
 * One socket's view of a shared stream: what it has not read yet, and its reader if waiting.
 * Not a Repeater (as the act streams use): a Repeater's executor runs at its first read, and a
 * joiner must be listening from the moment it joins.
 */
class Listener implements AsyncIterableIterator<ExecutionResult> {
  private readonly queue: ExecutionResult[] = [];
  private waiting: ((step: IteratorResult<ExecutionResult>) => void) | undefined;
  private failure: Error | undefined;
  done = false;

  constructor(
    /** The arrivals counted when it joined: it hears the events stamped after. */
    readonly since: number,
    private readonly limit: number,
    private readonly leave: (listener: Listener) => void,
  ) {}

  /** Queues a result; a socket that has let `limit` pile up is ended (its client reads nothing). */
  push(result: ExecutionResult) {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: result, done: false });
    } else if (this.queue.length < this.limit) this.queue.push(result);
    else this.end();
  }

  end(error?: unknown) {
    if (this.done) return;
    this.done = true;
    this.failure = error === undefined || error instanceof Error ? error : new Error("the broadcast stream failed", { cause: error });
    this.leave(this);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve({ value: queued, done: false });
    if (this.done) return this.failure === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(this.failure);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<ExecutionResult>> {
    this.queue.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

type Shared = {
  listeners: Set<Listener>;
  /** The arrival stamp of the event being executed (Infinity when it carries none: everyone hears it). */
  source: number;
  /** Settles once the first subscriber's start has answered (with the stream, or errors). */
  started: Promise<Started>;
  /** The running stream, once started. */
  stream?: Stream;
  ended: boolean;
  onEmpty?: () => void;
};

const isStream = (started: Started): started is Stream => Symbol.asyncIterator in Object(started);

/**
 * Starts a subscription's execution; `onSource` is to be told the arrival stamp of each event the
 * execution pulls from the bus, before its result is yielded (tapArrivals does so).
 */
export type StartBroadcast = (onSource: (stamp: number | undefined) => void) => Started | Promise<Started>;

export type BroadcastOptions = {
  backlog: number;
  /** The bus's arrival count now (Bus.arrivals). */
  arrivals: () => number;
};

/**
 * Subscriptions by key (document, operation and variables): the first subscriber's `start` runs,
 * every later one with the same key joins its results from the next event to arrive, and the
 * last to leave ends it. A start that answers with errors instead of a stream is handed to each
 * waiting subscriber as it is. `nomina_graphql_active_subscriptions` goes on counting
 * subscribers, one per listener; the execution's own count (observe.ts) is handed over to them
 * while it runs.
 */
export function broadcasts(options: BroadcastOptions) {
  const streams = new Map<string, Shared>();
  const forget = (key: string, shared: Shared) => {
    shared.ended = true;
    if (streams.get(key) === shared) streams.delete(key);
  };

  const pump = async (key: string, shared: Shared, stream: Stream) => {
    const iterator = stream[Symbol.asyncIterator]();
    shared.onEmpty = () => {
      if (shared.listeners.size > 0) return;
      forget(key, shared);
      void iterator.return?.().catch(() => {});
    };
    metrics.broadcastExecutions.inc();
    metrics.activeSubscriptions.dec();
    let failure: unknown;
    try {
      for (;;) {
        const step = await iterator.next();
        if (step.done || shared.ended) break;
        for (const listener of shared.listeners) if (shared.source > listener.since) listener.push(step.value);
      }
    } catch (error) {
      failure = error;
    } finally {
      forget(key, shared);
      for (const listener of shared.listeners) listener.end(failure);
      metrics.activeSubscriptions.inc();
      metrics.broadcastExecutions.dec();
    }
  };

  // The first subscriber hears all its own execution pulls (since -Infinity); a joiner, what arrives after it joined.
  const join = (shared: Shared, since = options.arrivals()): Listener => {
    const listener = new Listener(since, options.backlog, (left) => {
      shared.listeners.delete(left);
      metrics.activeSubscriptions.dec();
      shared.onEmpty?.();
    });
    shared.listeners.add(listener);
    metrics.activeSubscriptions.inc();
    return listener;
  };

  // A subscriber joining a running stream is listening before this returns: it misses nothing
  // published after its subscribe message was handled, as it would on a stream of its own.
  const subscribe = (key: string, start: StartBroadcast): Promise<Started> => {
    const running = streams.get(key);
    if (running?.stream) return Promise.resolve(join(running));
    if (running) {
      // Its first subscriber is still starting it: wait, then join it or start afresh.
      return running.started.then(
        () => (running.stream && !running.ended ? join(running) : subscribe(key, start)),
        () => subscribe(key, start),
      );
    }
    let starting: Started | Promise<Started>;
    const onSource = (stamp: number | undefined) => (shared.source = stamp ?? Infinity);
    try {
      starting = start(onSource);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error("the broadcast did not start", { cause: error }));
    }
    // Registered before anything awaits, so that a subscriber arriving meanwhile waits for this start.
    const shared: Shared = {
      listeners: new Set(),
      source: Infinity,
      ended: false,
      started: Promise.resolve(starting).then(
        (started) => {
          if (!isStream(started)) {
            forget(key, shared);
            return started;
          }
          shared.stream = started;
          const listener = join(shared, -Infinity);
          void pump(key, shared, started);
          return listener;
        },
        (error: unknown) => {
          forget(key, shared);
          throw error;
        },
      ),
    };
    streams.set(key, shared);
    return shared.started;
  };

  return {
    subscribe,
    /** Streams running now. */
    get size() {
      return streams.size;
    },
  };
}

export type Broadcasts = ReturnType<typeof broadcasts>;

/** `bus` whose subscriptions tell `onSource` the arrival stamp of each event as it is pulled. */
export function tapArrivals<Topics extends Record<string, unknown>>(bus: Bus<Topics>, onSource: (stamp: number | undefined) => void): Bus<Topics> {
  const subscribe: Bus<Topics>["subscribe"] = (topic, id) => {
    const events = bus.subscribe(topic, id);
    return {
      [Symbol.asyncIterator]() {
        const iterator = events[Symbol.asyncIterator]();
        return {
          async next() {
            const step = await iterator.next();
            if (!step.done) onSource(bus.arrivalOf(step.value));
            return step;
          },
          return: async (value?: unknown) => (await iterator.return?.(value)) ?? { value: undefined, done: true as const },
        };
      },
    };
  };
  return { ...bus, subscribe };
}
