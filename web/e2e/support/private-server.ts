// A private instance of the built app on a data directory of its own, prepared before it
// starts (support/keyed-server.ts is the same with a keyed model seat): for a spec whose
// database must hold what the shared server's cannot, such as a large network. The spec stops
// it when done; its data directory goes with it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../../api/test/ports.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(ROOT, "api/dist/main.js");

export type PrivateServer = { url: string; stop(): Promise<void> };

/** Runs a script of the repository (TypeScript, through tsx) to its end; its output is kept for the error. */
export function runScript(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}: ${output}`))));
  });
}

/** `prepare` writes into the data directory before the server opens it. */
export async function startPrivateServer(prepare: (dataDir: string) => Promise<void>): Promise<PrivateServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nomina-e2e-private-"));
  try {
    await prepare(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return launchBuiltApp(dataDir, {}, "private");
}

/**
 * The built app on `dataDir` and a free port, with `env` over the settings every private instance
 * has, once it answers /healthz; `stop` ends it (SIGTERM, then SIGKILL after 15 s), runs
 * `cleanup` and removes the data directory.
 */
export async function launchBuiltApp(dataDir: string, env: Record<string, string>, label: string, cleanup?: () => Promise<void>): Promise<PrivateServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
    }
    await cleanup?.();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the ${label} server did not start (exit ${child.exitCode}): ${stderr}`);
    }
    await sleep(100);
  }
  return { url, stop };
}
