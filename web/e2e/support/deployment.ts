// The deployment docker-compose.yml describes, without Docker: app processes of the built app
// (`node api/dist/main.js`) on one fresh PostgreSQL database and one Redis (a channel prefix of
// the run's own), behind Debian's nginx running the repository's own proxy directives
// (deploy/nginx/*.conf, the files compose mounts) in a site that differs from compose's only in
// where the replicas are: an `upstream` block of local ports instead of Docker's DNS. Each
// process is a child of the spec, which stops them all when done.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { scratchDatabase, type ScratchDatabase } from "../../../scripts/scratch-database.ts";
import { freePort } from "../../../api/test/ports.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(ROOT, "api/dist/main.js");
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** Every child still running, so that a failing spec leaves none behind. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

type Child = { child: ChildProcess; output(): string; exited: Promise<number | null> };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function stopChild({ child, exited }: Child): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  child.kill("SIGTERM");
  const code = await exited;
  clearTimeout(killer);
  return code;
}

async function waitUntil(what: string, ready: () => Promise<boolean>, running: Child): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      await stopChild(running);
      throw new Error(`${what} did not start (exit ${running.child.exitCode}): ${running.output()}`);
    }
    await sleep(100);
  }
}

/** A fresh, empty PostgreSQL database on the server DATABASE_URL names; the first app process migrates it. */
export function freshDatabase(serverUrl: string): Promise<ScratchDatabase> {
  return scratchDatabase(serverUrl, `nomina_e2e_deploy_${randomBytes(6).toString("hex")}`);
}

export type AppProcess = {
  name: string;
  url: string;
  port: number;
  /** Sends SIGTERM (the signal `docker compose stop` sends) and resolves with the exit code. */
  stop(): Promise<number | null>;
  output(): string;
};

/** One replica: the environment docker-compose.yml gives `app`, on a local port. */
export async function startApp(name: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `nomina-e2e-deploy-${name}-`));
  const running = run(process.execPath, [MAIN], {
    ...process.env,
    TRUST_PROXY: "1",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
  });
  void running.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  await waitUntil(
    `app process ${name}`,
    () =>
      fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    running,
  );
  return { name, url, port, stop: () => stopChild(running), output: () => running.output() };
}

export type Proxy = {
  url: string;
  /** The access log so far: one line per finished request, `<status> <upstream address> <method> <uri>`. */
  accessLog(): string[];
  /** nginx's error log so far (warnings and worse: a replica that refused or cut a request). */
  errorLog(): string;
  stop(): Promise<void>;
};

/**
 * Debian's nginx, in the foreground, with a prefix of its own: compose's site with its
 * replicas at `upstreams`. Every response names the replica that answered it
 * (X-Nomina-Upstream), the WebSocket handshake's included.
 */
export async function startProxy(upstreams: readonly number[], port: number): Promise<Proxy> {
  const prefix = mkdtempSync(path.join(tmpdir(), "nomina-e2e-nginx-"));
  // Root runs nginx's workers as `nobody`, which must reach the temporary files here.
  chmodSync(prefix, 0o755);
  cpSync(path.join(ROOT, "deploy/nginx"), path.join(prefix, "nomina"), { recursive: true });
  const at = (name: string) => path.join(prefix, name);
  writeFileSync(
    at("nginx.conf"),
    `worker_processes 1;
pid ${at("nginx.pid")};
error_log ${at("error.log")} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${at("body")};
  proxy_temp_path ${at("proxy")};
  fastcgi_temp_path ${at("fastcgi")};
  uwsgi_temp_path ${at("uwsgi")};
  scgi_temp_path ${at("scgi")};
  log_format nomina '$status $upstream_addr $request_method $request_uri';
  access_log ${at("access.log")} nomina;

  include nomina/websocket.conf;

  # Compose's replicas are \`app\` in Docker's DNS; here, two local ports.
  upstream nomina_app {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n")}
  }

  server {
    listen 127.0.0.1:${port};
    set $upstream http://nomina_app;
    add_header X-Nomina-Upstream $upstream_addr always;
    include nomina/proxy.conf;
  }
}
`,
  );
  const running = run(NGINX, ["-p", `${prefix}/`, "-c", at("nginx.conf"), "-e", at("error.log"), "-g", "daemon off;"], process.env);
  const url = `http://127.0.0.1:${port}`;
  const errors = () => {
    try {
      return readFileSync(at("error.log"), "utf8");
    } catch {
      return "";
    }
  };
  try {
    await waitUntil(
      "nginx",
      () =>
        fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
      running,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${errors()}`, { cause: error });
  }
  return {
    url,
    accessLog: () => readFileSync(at("access.log"), "utf8").split("\n").filter(Boolean),
    errorLog: errors,
    async stop() {
      await stopChild(running);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * A POST held open inside a process: its headers are sent with `Expect: 100-continue`, so the
 * process's answer "100 Continue" says it has taken the request in (Node.js answers it as it
 * hands the request to the app); its body follows only on `finish()`.
 */
export function heldPost(url: string, body: unknown): { taken: Promise<void>; finish(): Promise<{ status: number; body: { id?: string } }> } {
  const bytes = Buffer.from(JSON.stringify(body));
  const request = httpRequest(url, { method: "POST", headers: { "content-type": "application/json", "content-length": bytes.length, expect: "100-continue" } });
  const answered = new Promise<{ status: number; body: { id?: string } }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => void (text += chunk));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { id?: string } }));
      response.once("error", reject);
    });
  });
  const taken = new Promise<void>((resolve, reject) => {
    request.once("continue", () => resolve());
    answered.then(() => reject(new Error("answered before the body was sent")), reject);
  });
  request.flushHeaders();
  return {
    taken,
    finish() {
      request.end(bytes);
      return answered;
    },
  };
}

/** Resolves once nothing listens on `port` any more: a stopping process has closed its listener. */
export async function listenerClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
    await sleep(20);
  }
}

/** Runs one statement on a database and returns its rows: what is really stored, past every process. */
export async function query<Row>(databaseUrl: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}
