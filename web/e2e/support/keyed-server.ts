// A private instance of the built app whose DeepSeek seat is keyed and pointed at a local
// stand-in speaking DeepSeek's own OpenAI-style streaming wire format (api/test/providers.ts,
// the stand-in the API tests use). The shared e2e server answers from the offline oracle, whose
// words are fixed prose; through this one a spec scripts what a model says (Markdown, an answer
// held open mid-stream) and sees what the provider saw (the thread, a cancelled call). Each
// instance has its own data directory and a free port; the spec stops it when done. A spec may
// configure the seats otherwise (`seats`), for instance bound to an OpenAI-compatible stand-in.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startFakeProviders, type FakeProviders } from "../../../api/test/providers.ts";
import { freePort } from "../../../api/test/ports.ts";

const MAIN = path.resolve(import.meta.dirname, "../../../api/dist/main.js");

export type KeyedServer = { url: string; providers: FakeProviders; stop(): Promise<void> };

/** The DeepSeek seat keyed and pointed at its own provider's stand-in; the others the oracle. */
const keyedDeepSeek = (providers: FakeProviders) => ({
  DEEPSEEK_API_KEY: "sk-e2e-stand-in",
  DEEPSEEK_BASE_URL: providers.baseUrls.deepseek,
  DEEPSEEK_MODEL: "deepseek-stand-in",
});

/** `seats`: how the seats are bound (the keyed DeepSeek by default); `env`: more settings for the instance (a priced model, a budget). */
export async function startKeyedServer(
  seats: (providers: FakeProviders) => Record<string, string> = keyedDeepSeek,
  env: Record<string, string> = {},
): Promise<KeyedServer> {
  const providers = await startFakeProviders();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "nomina-e2e-keyed-"));
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
      ...seats(providers),
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
    await providers.close();
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
      throw new Error(`the keyed server did not start (exit ${child.exitCode}): ${stderr}`);
    }
    await sleep(100);
  }
  return { url, providers, stop };
}
