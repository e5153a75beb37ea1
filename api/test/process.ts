// Runs the real server process (api/src/main.ts), as `npm start` would, for tests that need
// a separate process: signals, several servers sharing one database and one Redis.
import { spawn, type ChildProcess } from "node:child_process";
import type { TestDatabase } from "./databases.ts";

const MAIN = new URL("../src/main.ts", import.meta.url).pathname;

/** The server as a process: from the run's bundle (test/global-setup.ts), else from sources. */
export function nodeArguments(entry: "main" | "curator" | "backup"): string[] {
  const bundle = process.env.NOMINA_TEST_BUNDLE;
  if (bundle) return [`${bundle}${entry}.js`];
  return ["--import", "tsx", entry === "main" ? MAIN : new URL(`../src/${entry}.ts`, import.meta.url).pathname];
}

/** What a finished command left: its exit code and what it wrote, apart and as one interleaved output. */
export type Finished = { code: number | null; out: string; err: string; output: string };

/** Runs node with `args` to its end; `env` is laid over this process's, `input` is its standard input. */
export function runNode(args: string[], { env = {}, input }: { env?: Record<string, string>; input?: string } = {}): Promise<Finished> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
  const finished: Finished = { code: null, out: "", err: "", output: "" };
  child.stdout!.on("data", (chunk: Buffer) => ((finished.out += chunk.toString()), (finished.output += chunk.toString())));
  child.stderr!.on("data", (chunk: Buffer) => ((finished.err += chunk.toString()), (finished.output += chunk.toString())));
  if (input !== undefined) child.stdin!.end(input);
  // "close", not "exit": by then everything it wrote has been read.
  return new Promise((resolve) => child.once("close", (code) => resolve({ ...finished, code })));
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Everything it has logged so far (JSON lines). */
  output(): string;
  stop(): Promise<number | null>;
};

export function startServerProcess(database: TestDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArguments("main"), {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
      REDIS_URL: "",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    return exited;
  };
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)".*nomina is listening/.exec(output);
      if (match) resolve({ child, url: match[1]!, exited, output: () => output, stop });
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
}
