// `npm run curator -- add EMAIL [--name NAME]` (or `node api/dist/curator.js add ...` in the
// image): curator accounts are made here, never through the API, so no visitor can become one.
// The password comes from CURATOR_PASSWORD, else a hidden prompt on a terminal, else the first
// line of standard input (scripts and tests pipe it). Also: `deactivate EMAIL` and `list`, and
// `recount-stats`, the operators' repair of the Evolution Gate's totals.
import password from "@inquirer/password";
import { fail, readArguments } from "./cli.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createCurator, deactivateCurator } from "./domains/accounts/curators.ts";
import { createLineage } from "./domains/agents/lineage.ts";
import { curatorSchema } from "@nomina/shared/accounts";
import { ClientError } from "./errors.ts";
import { createLogger } from "./logger.ts";

const USAGE = "usage: npm run curator -- add EMAIL [--name NAME] | deactivate EMAIL | list | recount-stats | --help";

const HELP = `Curator accounts are made here, never through the API.

${USAGE}

  add EMAIL [--name NAME]  add a curator (the name defaults to the part of EMAIL before the @);
                           the password, 6 characters or more, comes from CURATOR_PASSWORD,
                           else a hidden prompt on a terminal, else the first line of standard input
  deactivate EMAIL         deactivate a curator and end their sessions at once
  list                     every curator: email, name, active or deactivated
  recount-stats            count the Evolution Gate's totals again from the agents (they are kept
                           by every write; this repairs them should they ever drift). On
                           PostgreSQL, SELECT recount_agent_stats(); does the same
  -h, --help               this help

In the image: node api/dist/curator.js <command>. The database is the server's own
(DATABASE_URL, else the PGlite directory DATA_DIR).`;

async function firstLineOfStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

async function readPassword(): Promise<string> {
  if (process.env.CURATOR_PASSWORD) return process.env.CURATOR_PASSWORD;
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const valid = (value: string) => curatorSchema.shape.password.safeParse(value).error?.issues[0]?.message ?? true;
  try {
    const first = await password({ message: "Password (at least 6 characters):", mask: true, validate: valid });
    if ((await password({ message: "Again:", mask: true })) !== first) fail("The two passwords differ; nothing was changed.");
    return first;
  } catch (error) {
    if ((error as Error).name === "ExitPromptError") fail("cancelled", 130);
    throw error;
  }
}

const { values, positionals } = readArguments({ name: { type: "string" }, help: { type: "boolean", short: "h" } }, USAGE);
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const [command, email, ...extra] = positionals;
const needsEmail = command === "add" || command === "deactivate";
if (!needsEmail && command !== "list" && command !== "recount-stats") fail(command ? `Unknown command: ${command}\n${USAGE}` : USAGE, 2);
if (needsEmail && !email) fail(`${command} needs an EMAIL\n${USAGE}`, 2);
const unexpected = needsEmail ? extra : positionals.slice(1);
if (unexpected.length > 0) fail(`Unexpected argument: ${unexpected[0]}\n${USAGE}`, 2);
if (values.name !== undefined && command !== "add") fail(`--name goes with add only\n${USAGE}`, 2);

// Refuse bad input before touching the database.
const input = command === "add" ? curatorSchema.safeParse({ email, name: values.name ?? email!.split("@")[0], password: await readPassword() }) : undefined;
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
  } else if (command === "recount-stats") {
    const stats = await createLineage({ prisma: db.prisma }).recountStats();
    console.log(`Evolution Gate totals counted again: ${stats.totalAgents} agents, ${stats.totalRemixes} remixes, ${stats.activeLineages} active lineages.`);
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
