// The last net (process-faults.ts), in a process of its own: a rejection nobody handled and an
// exception nobody caught are logged with their stack and counted, and the process goes on;
// before the server serves, such a fault ends it, as its state cannot be trusted.
import { describe, expect, it } from "vitest";
import { runNode } from "../../test/process.ts";

const MODULE = new URL("../process-faults.ts", import.meta.url).pathname;
const LOGGER = new URL("../logger.ts", import.meta.url).pathname;

function run(serving: boolean): Promise<{ code: number | null; output: string }> {
  const script = `
    const { catchStrayFaults, uncaughtFaults } = await import(${JSON.stringify(MODULE)});
    const { createLogger } = await import(${JSON.stringify(LOGGER)});
    catchStrayFaults(createLogger("info"), () => ${serving});
    Promise.reject(new Error("a rejection no one handled"));
    setTimeout(() => { throw new Error("an exception no one caught"); }, 10);
    setTimeout(() => { console.log(JSON.stringify({ alive: true, faults: uncaughtFaults() })); process.exit(0); }, 100);
  `;
  return runNode(["--import", "tsx", "--input-type=module", "-e", script]);
}

describe("the last net", () => {
  it("logs and counts a stray rejection and exception while serving, and keeps the process", async () => {
    const { code, output } = await run(true);
    expect(code).toBe(0);
    expect(output).toContain('"alive":true,"faults":2');
    const errors = output
      .split("\n")
      .filter((line) => line.startsWith('{"level":50'))
      .map((line) => JSON.parse(line));
    expect(errors).toEqual([
      expect.objectContaining({
        kind: "unhandledRejection",
        err: expect.objectContaining({ message: "a rejection no one handled", stack: expect.stringContaining("Error: a rejection no one handled") }),
      }),
      expect.objectContaining({ kind: "uncaughtException", err: expect.objectContaining({ message: "an exception no one caught" }) }),
    ]);
  });

  it("ends a process that is not serving yet, saying why", async () => {
    const { code, output } = await run(false);
    expect(code).toBe(1);
    expect(output).toMatch(/"level":60.*cannot be trusted/);
    expect(output).not.toContain('"alive":true');
  });
});
