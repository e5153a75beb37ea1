// Before the Relay compiler runs: its artifact directory, and the persisted operations file it
// writes each operation's id and text to (relay.config.js), which must exist before it starts.
// `--fresh` (before `relay-compiler --repersist`, which writes every operation again) empties it,
// so that an operation removed from the app leaves it too.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";

const FILE = "shared/src/generated/persisted-operations.json";
mkdirSync("web/src/__generated__", { recursive: true });
mkdirSync("shared/src/generated", { recursive: true });
if (process.argv.includes("--fresh") || !existsSync(FILE)) writeFileSync(FILE, "{}\n");
