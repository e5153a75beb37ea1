// `npm run curator -- add EMAIL [--name NAME]` (or `node api/dist/curator.js add ...` in the
// image): curator accounts are made here, never through the API, so no visitor can become one.
// The password comes from CURATOR_PASSWORD, else a hidden prompt on a terminal, else the first
// line of standard input. Also: `deactivate EMAIL` and `list`.
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createCurator, deactivateCurator } from "./domains/accounts/curators.ts";
import { curatorSchema } from "./domains/accounts/schemas.ts";
import { ClientError } from "./errors.ts";
import { createLogger } from "./logger.ts";

const USAGE = "usage: npm run curator -- add EMAIL [--name NAME] | deactivate EMAIL | list";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Reads a line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let typed = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\u0003") fail("\ncancelled", 130);
        if (char === "\r" || char === "\n") {
          stdin.off("data", onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write("\n");
          resolve(typed);
          return;
        }
        typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on("data", onData);
  });
}

async function firstLineOfStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

async function readPassword(): Promise<string> {
  if (process.env.CURATOR_PASSWORD) return process.env.CURATOR_PASSWORD;
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const password = await promptHidden("Password (at least 6 characters): ");
  if ((await promptHidden("Again: ")) !== password) fail("The two passwords differ; nothing was changed.");
  return password;
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

const [command, email, ...rest] = process.argv.slice(2);
if (!command || !["add", "deactivate", "list"].includes(command) || (command !== "list" && !email)) fail(USAGE, 2);

// Refuse bad input before touching the database.
const input =
  command === "add"
    ? curatorSchema.safeParse({ email, name: option(rest, "--name") ?? email!.split("@")[0], password: await readPassword() })
    : undefined;
if (input && !input.success) fail(input.error.issues[0]!.message, 2);

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) =>
  fail(`Could not open the database: ${error.message}`),
);
try {
  await prepareDatabase(db, createLogger("warn"));
  if (input?.success) {
    const curator = await createCurator(db.prisma, input.data);
    console.log(`Curator ${curator.email} (${curator.name}) added. Sign in with POST /api/curator/login or the curatorLogin mutation.`);
  } else if (command === "deactivate") {
    const curator = await deactivateCurator(db.prisma, email!.trim().toLowerCase());
    console.log(`Curator ${curator.email} deactivated; their sessions have ended.`);
  } else {
    const curators = await db.prisma.councilUser.findMany({ orderBy: { createdAt: "asc" } });
    for (const c of curators) console.log(`${c.email}\t${c.name}\t${c.isActive ? "active" : "deactivated"}`);
  }
} catch (error) {
  if (error instanceof ClientError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await db.close();
}
