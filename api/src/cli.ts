// What the command-line entries (curator.ts, backup.ts) share: a failure said on standard error
// with its exit code (2 for a misuse), and arguments read against the command's usage line.
import { parseArgs, type ParseArgsConfig } from "node:util";

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The command's positionals and options; a malformed line fails with the usage, exit code 2. */
export function readArguments<Options extends NonNullable<ParseArgsConfig["options"]>>(options: Options, usage: string) {
  try {
    return parseArgs({ allowPositionals: true as const, options });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`, 2);
  }
}
