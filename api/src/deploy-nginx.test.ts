// The production proxy site as shipped (#42 finding 9): deploy/nginx.conf itself, run by Debian's
// nginx with only its addresses moved to local ones (its ports, the replicas, the certificate's
// folder: each must be found in the file exactly once). Plain HTTP only sends a browser to
// HTTPS; HTTPS carries HSTS on every answer, errors included, and reaches the app, WebSockets
// too, through the same proxy directives the compose site and the deployment spec include.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import type { TLSSocket } from "node:tls";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { freePort } from "../test/ports.ts";
import { PROJECT_ROOT } from "./paths.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const SITE = path.join(PROJECT_ROOT, "deploy/nginx.conf");

/** `text` with `from` replaced by `to`, which must occur in it exactly once: the file's shape is what is tested. */
function moved(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx.conf holds ${JSON.stringify(from)} ${count} times, not once`);
  return text.replace(from, to);
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; protocol?: string | null };

// Debian's nginx is a test dependency like PostgreSQL (.ci/run installs it): missing, this fails rather than skips.
describe("deploy/nginx.conf, the production site", () => {
  beforeAll(() => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx, or set NGINX_PATH`);
  });
  const prefix = mkdtempSync(path.join(tmpdir(), "nomina-tls-nginx-"));
  const at = (name: string) => path.join(prefix, name);
  let nginx: ChildProcess | undefined;
  let app: Server | undefined;
  let ports: { http: number; https: number; app: number };
  let certificate: Buffer;

  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const secure = url.startsWith("https:");
      const send = secure ? httpsRequest : httpRequest;
      const request = send(url, { headers, ...(secure ? { ca: certificate } : {}) }, (response) => {
        const protocol = secure ? (response.socket as TLSSocket).getProtocol() : undefined;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, protocol }));
      });
      request.on("error", reject);
      request.end();
    });

  beforeAll(async () => {
    // Root runs nginx's workers as `nobody`, which must reach the temporary files here.
    chmodSync(prefix, 0o755);
    ports = { http: await freePort(), https: await freePort(), app: await freePort() };
    // A certificate for 127.0.0.1, which the client checks as a browser would (its own CA: itself).
    mkdirSync(at("certs"));
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"].concat([
        "-keyout",
        at("certs/privkey.pem"),
        "-out",
        at("certs/fullchain.pem"),
      ]),
      { stdio: "ignore" },
    );
    certificate = readFileSync(at("certs/fullchain.pem"));

    // The app's stand-in: it says what it was sent, and echoes over a WebSocket.
    app = createServer((request, response) => {
      response.writeHead(request.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify({ url: request.url, proto: request.headers["x-forwarded-proto"], host: request.headers.host }));
    });
    const sockets = new WebSocketServer({ server: app });
    sockets.on("connection", (socket) => socket.on("message", (data) => socket.send(`echo ${(data as Buffer).toString("utf8")}`)));
    await new Promise<void>((resolve) => app!.listen(ports.app, "127.0.0.1", resolve));

    let site = readFileSync(SITE, "utf8");
    site = moved(site, "listen 80;", `listen 127.0.0.1:${ports.http};`);
    site = moved(site, "listen 443 ssl;", `listen 127.0.0.1:${ports.https} ssl;`);
    site = moved(site, "set $upstream http://app:4000;", `set $upstream http://127.0.0.1:${ports.app};`);
    site = moved(site, "/etc/nginx/certs/fullchain.pem", at("certs/fullchain.pem"));
    site = moved(site, "/etc/nginx/certs/privkey.pem", at("certs/privkey.pem"));
    cpSync(path.join(PROJECT_ROOT, "deploy/nginx"), at("nomina"), { recursive: true });
    writeFileSync(at("site.conf"), site);
    writeFileSync(
      at("nginx.conf"),
      `worker_processes 1;
pid ${at("nginx.pid")};
error_log ${at("error.log")} warn;
events { worker_connections 64; }
http {
  client_body_temp_path ${at("body")};
  proxy_temp_path ${at("proxy")};
  fastcgi_temp_path ${at("fastcgi")};
  uwsgi_temp_path ${at("uwsgi")};
  scgi_temp_path ${at("scgi")};
  access_log off;
  include site.conf;
}
`,
    );
    nginx = spawn(NGINX, ["-p", `${prefix}/`, "-c", at("nginx.conf"), "-e", at("error.log"), "-g", "daemon off;"], { stdio: "ignore" });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await get(`https://127.0.0.1:${ports.https}/healthz`).then(
        () => true,
        () => false,
      );
      if (up) break;
      const log = existsSync(at("error.log")) ? readFileSync(at("error.log"), "utf8") : "";
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (exit ${nginx.exitCode}): ${log}`);
      await sleep(100);
    }
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    await new Promise((resolve) => app?.close(resolve) ?? resolve(undefined));
    rmSync(prefix, { recursive: true, force: true });
  });

  it("answers plain HTTP with nothing but the way to HTTPS, the path and query kept, a POST kept a POST", async () => {
    const answer = await get(`http://127.0.0.1:${ports.http}/the-named?tag=poetry`, { host: "nomina.example" });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("https://nomina.example/the-named?tag=poetry");
    expect(answer.body).not.toContain('"url"');
    // The ACME challenges a renewal asks for are served here, not sent away.
    expect((await get(`http://127.0.0.1:${ports.http}/.well-known/acme-challenge/token`)).status).toBe(404);
  });

  it("serves HTTPS (TLS 1.2 or 1.3) with HSTS on every answer, and tells the app the request came over HTTPS", async () => {
    const answer = await get(`https://127.0.0.1:${ports.https}/the-named?tag=poetry`);
    expect(answer.status).toBe(200);
    expect(answer.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(answer.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(JSON.parse(answer.body)).toEqual({ url: "/the-named?tag=poetry", proto: "https", host: `127.0.0.1:${ports.https}` });
    const missing = await get(`https://127.0.0.1:${ports.https}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("carries a WebSocket to the app over TLS", async () => {
    const socket = new WebSocket(`wss://127.0.0.1:${ports.https}/graphql`, { ca: certificate });
    const echoed = await new Promise<string>((resolve, reject) => {
      socket.once("open", () => socket.send("hello"));
      socket.once("message", (data) => resolve((data as Buffer).toString("utf8")));
      socket.once("error", reject);
    });
    socket.close();
    expect(echoed).toBe("echo hello");
  });
});
