// Many graphql-ws subscribers in this process, each on its own WebSocket, recording when each
// ritual log arrives, and the whisper that makes one. Events are told apart by a tag carried in
// the whisper's text.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

const SUBSCRIPTION = "subscription { ritualLogAdded { id type description performedBy createdAt } }";
const TAG = /bench-[a-z]+-\d+/;
const CONNECT_BATCH = 50;

export type Subscribers = {
  /** Resolves with each subscriber's arrival time (performance.now()) once all have it or time is up. */
  arrivals(tag: string, timeoutMs: number): Promise<number[]>;
  /** Subscribers that lost their connection or saw an error. */
  failures(): number;
  dispose(): Promise<void>;
};

/**
 * Sends one whisper to the app at `url` (POST /api/council/whisper, which writes one ritual log
 * and publishes it), carrying `tag` for the subscribers to tell its event by; returns when it
 * was sent (performance.now()) and how long the answer took.
 */
export async function whisper(url: string, tag: string): Promise<{ sentAt: number; roundTrip: number }> {
  const sentAt = performance.now();
  const response = await fetch(`${url}/api/council/whisper`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: `${tag}: is anyone listening?` }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`whisper answered ${response.status}`);
  return { sentAt, roundTrip: performance.now() - sentAt };
}

function connect(url: string, onClosed: () => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    let connected = false;
    // Before the handshake completes an error rejects; after it, a close is a lost subscriber.
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      // Each subscriber is a visitor of its own, as each browser is (the web app sends its key).
      connectionParams: { visitor: randomBytes(18).toString("base64url") },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: (error) => connected || reject(error instanceof Error ? error : new Error(String(error))),
      on: {
        connected: () => {
          connected = true;
          resolve(client);
        },
        closed: () => connected && onClosed(),
      },
    });
  });
}

export async function openSubscribers(graphqlUrl: string, count: number): Promise<Subscribers> {
  const url = graphqlUrl.replace(/^http/, "ws");
  const seen = new Map<string, number[]>();
  const waiters = new Map<string, () => void>();
  let failed = 0;
  let disposing = false;
  const clients: Client[] = [];

  const onEvent = (description: unknown) => {
    const at = performance.now();
    const tag = typeof description === "string" ? TAG.exec(description)?.[0] : undefined;
    if (!tag) return void failed++;
    const times = seen.get(tag) ?? [];
    seen.set(tag, times);
    times.push(at);
    if (times.length === count) waiters.get(tag)?.();
  };

  try {
    for (let opened = 0; opened < count; opened += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - opened) }, () => connect(url, () => disposing || failed++));
      clients.push(...(await Promise.all(batch)));
    }
  } catch (error) {
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
    throw error;
  }
  for (const client of clients) {
    client.subscribe<{ ritualLogAdded: { description: string } }>(
      { query: SUBSCRIPTION },
      {
        next: (result) => (result.errors ? failed++ : onEvent(result.data?.ritualLogAdded.description)),
        error: () => failed++,
        complete: () => {},
      },
    );
  }

  return {
    async arrivals(tag, timeoutMs) {
      if ((seen.get(tag)?.length ?? 0) < count) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          waiters.set(tag, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters.delete(tag);
      }
      return [...(seen.get(tag) ?? [])];
    },
    failures: () => failed,
    async dispose() {
      disposing = true;
      await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
    },
  };
}

/** The open-file limit (soft) of a process: each subscriber holds one descriptor on each side. */
export async function openFileLimit(pid: number | "self"): Promise<number> {
  const limits = await readFile(`/proc/${pid}/limits`, "utf8");
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === "unlimited" || soft === undefined ? Infinity : Number(soft);
}
