// The deployment docker-compose.yml describes, tested without Docker: two app processes on one
// PostgreSQL database and one Redis, behind Debian's nginx running the repository's own proxy
// directives (support/deployment.ts). The page is loaded through nginx and holds Witnessing's
// live subscriptions on the browser's own WebSocket, through nginx, on one process; what is
// written through the other arrives in it. Then that process is stopped (SIGTERM, as `docker
// compose stop` sends) in the middle of a stream of writes through nginx: every write that was
// acknowledged is there afterwards, read from the survivor, and the page's socket comes back
// through nginx on the survivor and hears it.
//
// It needs PostgreSQL and Redis: DATABASE_URL and REDIS_URL name them (CI's .ci/run sets both),
// else the local services on their standard ports, which the README asks `npm test` to have.
import { randomBytes } from "node:crypto";
import type { CDPSession } from "@playwright/test";
import { expect, test, type Page } from "./support/test";
import { freshDatabase, heldPost, listenerClosed, query, startApp, startProxy, type AppProcess, type Proxy } from "./support/deployment";
import { WITNESSING_LIVE } from "./support/witnessing";
import { freePort } from "../../api/test/ports.ts";

const DATABASE_URL = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** Writers in the stream at once, and acknowledgements before and after the stop. */
const WRITERS = 6;
const ACKS_BEFORE_STOP = 12;
const ACKS_AFTER_EXIT = 12;
/** A runaway stream fails instead of writing forever (the anonymous write limit is 300 per address). */
const MAX_WRITES = 200;

type SocketWindow = Window & { __nominaSockets: { socket: WebSocket; operations: string[] }[] };

/**
 * Keeps the page's WebSockets (the browser's own, not routed through Playwright) and the
 * operations each subscribed to, so the spec can tell when the live subscriptions are in place.
 */
async function watchSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sockets: SocketWindow["__nominaSockets"] = [];
    (window as unknown as SocketWindow).__nominaSockets = sockets;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      readonly #operations: string[] = [];
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push({ socket: this, operations: this.#operations });
      }
      override send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
        if (typeof data === "string") {
          const message = JSON.parse(data) as { type?: string; payload?: { operationName?: string } };
          if (message.type === "subscribe" && message.payload?.operationName) this.#operations.push(message.payload.operationName);
        }
        super.send(data);
      }
    };
  });
}

/**
 * Resolves once the page's newest socket, the `least`th or a later one, is open, has
 * subscribed to every live operation, and the server has set them up: graphql-ws handles one
 * socket's messages in order, so a probe sent after them is answered only once they are in place.
 */
async function liveOn(page: Page, least: number): Promise<void> {
  await page.waitForFunction(
    ({ least, live }) => {
      const sockets = (window as unknown as SocketWindow).__nominaSockets;
      const entry = sockets.at(-1);
      return sockets.length > least && entry?.socket.readyState === WebSocket.OPEN && live.every((operation) => entry.operations.includes(operation));
    },
    { least, live: WITNESSING_LIVE },
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const sockets = (window as unknown as SocketWindow).__nominaSockets;
        const { socket } = sockets.at(-1)!;
        const id = `deployment-probe-${sockets.length}`;
        const heard = (event: MessageEvent) => {
          const message = JSON.parse(String(event.data)) as { id?: string; type: string };
          if (message.id === id && message.type === "complete") {
            socket.removeEventListener("message", heard);
            resolve();
          }
        };
        socket.addEventListener("message", heard);
        socket.send(JSON.stringify({ id, type: "subscribe", payload: { query: "{ __typename }" } }));
      }),
  );
}

/** The replica behind each of the page's accepted WebSocket handshakes, in order, as nginx said (X-Nomina-Upstream). */
async function handshakes(page: Page): Promise<string[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const upstreams: string[] = [];
  cdp.on("Network.webSocketHandshakeResponseReceived", ({ response }) => {
    if (response.status !== 101) return;
    const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "x-nomina-upstream");
    upstreams.push(String(header?.[1] ?? "unknown"));
  });
  await cdp.send("Network.enable");
  return upstreams;
}

async function post(url: string, body: unknown): Promise<{ status: number; upstream: string | null; body: { id?: string } | null }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  let json: { id?: string } | null = null;
  try {
    json = text ? (JSON.parse(text) as { id?: string }) : null;
  } catch {
    // nginx's own error pages are HTML
  }
  return { status: response.status, upstream: response.headers.get("x-nomina-upstream"), body: json };
}

const forging = (name: string) => ({ name, glyph: "⌬", personality: "Forged while the deployment was under test.", apiModel: "claude" });
const feed = (page: Page) => page.getByRole("list", { name: "Live feed" });

test.describe("the deployment docker-compose.yml describes", () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let apps: AppProcess[] = [];
  let proxy: Proxy | undefined;

  test.afterAll(async () => {
    await proxy?.stop();
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
  });

  test("live events cross processes through nginx, and a process stopping mid-stream loses no acknowledged write", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const tag = randomBytes(4).toString("hex");
    database = await freshDatabase(DATABASE_URL);
    const proxyPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL,
      REDIS_CHANNEL_PREFIX: `nomina-e2e-deploy-${tag}`,
      JWT_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    };
    // Both at once, as `docker compose up --scale app=2` starts them: one migrates, the other waits.
    apps = await Promise.all([startApp("a", env), startApp("b", env)]);
    proxy = await startProxy(
      apps.map((app) => app.port),
      proxyPort,
    );
    const replicaAt = (upstream: string | null) => apps.find((app) => upstream === `127.0.0.1:${app.port}`);

    await watchSockets(page);
    const upstreams = await handshakes(page);
    await page.goto(`${proxy.url}/witnessing`);
    await liveOn(page, 0);
    await expect(page.getByRole("status", { name: /^Signal status/ })).toHaveText("SIGNAL LIVE");
    const watched = replicaAt(upstreams[0] ?? null);
    expect(watched, `the page's socket went to ${upstreams[0]}`).toBeDefined();
    const other = apps.find((app) => app !== watched)!;

    // Written through the other process, straight to it: only Redis can carry it to the page.
    const crossing = `Crossed Over ${tag}`;
    expect((await post(`${other.url}/api/agents`, forging(crossing))).status).toBe(201);
    await expect(
      feed(page)
        .getByRole("listitem")
        .filter({ hasText: `${crossing} was forged` }),
    ).toBeVisible({ timeout: 2_000 });
    const whisper = `Heard across the processes ${tag}`;
    expect((await post(`${other.url}/api/council/whisper`, { content: whisper, userId: "anonymous" })).status).toBe(201);
    await expect(
      feed(page)
        .getByRole("listitem")
        .filter({ hasText: `“${whisper}”` }),
    ).toBeVisible({ timeout: 2_000 });

    // A stream of writes through nginx; the page's process is stopped in the middle of it, with a
    // write of its own in flight: taken in, its body still to come, when SIGTERM arrives.
    const acknowledged: { id: string; name: string; upstream: string | null }[] = [];
    const refused: string[] = [];
    let attempts = 0;
    let ackedAtExit: number | undefined;
    let enough!: () => void;
    const streaming = new Promise<void>((resolve) => (enough = resolve));
    const writer = async (writerIndex: number) => {
      while (ackedAtExit === undefined || acknowledged.length < ackedAtExit + ACKS_AFTER_EXIT) {
        if (++attempts > MAX_WRITES) throw new Error(`${MAX_WRITES} writes and the stream has not ended: ${refused.join("; ")}`);
        const name = `Streamed ${tag} ${writerIndex}-${attempts}`;
        try {
          const answer = await post(`${proxy!.url}/api/agents`, forging(name));
          if (answer.status === 201 && answer.body?.id) acknowledged.push({ id: answer.body.id, name, upstream: answer.upstream });
          else refused.push(`${answer.status} from ${answer.upstream}`);
        } catch (error) {
          refused.push(String(error));
        }
        if (acknowledged.length >= ACKS_BEFORE_STOP) enough();
      }
    };
    const inFlight = `In Flight ${tag}`;
    const stopping = (async () => {
      await streaming;
      const held = heldPost(`${watched!.url}/api/agents`, forging(inFlight));
      await held.taken;
      const exit = watched!.stop();
      await listenerClosed(watched!.port);
      const answer = await held.finish();
      const code = await exit;
      ackedAtExit = acknowledged.length;
      return { answer, code };
    })();
    const [{ answer: heldAnswer, code }] = await Promise.all([stopping, ...Array.from({ length: WRITERS }, (_, index) => writer(index))]);
    // The stopped process answered the write it had taken in, then closed cleanly.
    expect(heldAnswer.status).toBe(201);
    expect(code).toBe(0);
    acknowledged.push({ id: heldAnswer.body.id!, name: inFlight, upstream: `127.0.0.1:${watched!.port}` });

    // Every acknowledged write is there, read from the survivor itself.
    const missing: string[] = [];
    for (const write of acknowledged) {
      const response = await fetch(`${other.url}/api/agents/${write.id}`);
      const agent = response.ok ? ((await response.json()) as { agent: { name: string } }).agent : undefined;
      if (agent?.name !== write.name) missing.push(`${write.name} (${response.status}, acknowledged by ${write.upstream})`);
    }
    const stopped = `127.0.0.1:${watched!.port}`;
    const byStopped = acknowledged.filter((write) => write.upstream === stopped).length;
    testInfo.annotations.push({
      type: "figures",
      description: `${attempts} writes through nginx and 1 held in the stopping process: ${acknowledged.length} acknowledged (${byStopped} by the stopped process), ${refused.length} refused${refused.length ? `: ${refused.join("; ")}` : ""}`,
    });
    testInfo.annotations.push({ type: "nginx errors", description: proxy.errorLog() });
    expect(missing, "acknowledged writes missing afterwards").toEqual([]);
    expect(byStopped, "writes the stopped process acknowledged").toBeGreaterThan(1);
    // A refused write is one the stopping process never took in (a connection still waiting in
    // its listener's queue is reset when it closes; nginx sends no POST twice, so it answers
    // 502): nothing of it is stored, and the client may send it again without a duplicate.
    expect(
      refused.filter((refusal) => refusal !== `502 from ${stopped}`),
      "writes refused otherwise",
    ).toEqual([]);
    const stored = await query<{ name: string }>(database.url, "SELECT name FROM agents WHERE name LIKE $1 OR name = $2", [`Streamed ${tag} %`, inFlight]);
    expect(stored.map((row) => row.name).sort(), "what is stored is exactly what was acknowledged").toEqual(acknowledged.map((write) => write.name).sort());

    // The page's socket comes back through nginx, on the survivor, and hears what is written there.
    await liveOn(page, 1);
    expect(replicaAt(upstreams.at(-1) ?? null)).toBe(other);
    await expect(page.getByRole("status", { name: /^Signal status/ })).toHaveText("SIGNAL LIVE");
    const after = `Still heard ${tag}`;
    expect((await post(`${other.url}/api/council/whisper`, { content: after, userId: "anonymous" })).status).toBe(201);
    await expect(
      feed(page)
        .getByRole("listitem")
        .filter({ hasText: `“${after}”` }),
    ).toBeVisible({ timeout: 2_000 });
  });
});
