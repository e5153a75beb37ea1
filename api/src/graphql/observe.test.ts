// /metrics names only the web app's own operations (issue #26): any other name a client sends
// is counted as "other", so no client can fill the registry's label slots with names of its own.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { metrics } from "../metrics.ts";
import { PROJECT_ROOT } from "../paths.ts";
import { WEB_OPERATION_NAMES } from "./operation-names.ts";

/** The names of the operations the Relay compiler printed for the web app. */
async function compiledOperationNames(): Promise<string[]> {
  const dir = path.join(PROJECT_ROOT, "web", "src", "__generated__");
  const files = (await readdir(dir)).filter((file) => file.endsWith(".graphql.ts"));
  const modules = await Promise.all(
    files.map((file) => import(path.join(dir, file)) as Promise<{ default?: { params?: { name?: unknown; operationKind?: unknown } } }>),
  );
  return modules
    .map((module) => module.default?.params)
    .filter((params) => typeof params?.name === "string" && typeof params.operationKind === "string")
    .map((params) => params!.name as string)
    .sort();
}

/** The operation labels the counter holds, with their counts. */
async function counted(): Promise<Map<string, number>> {
  const { values } = await metrics.graphqlOperations.get();
  const byName = new Map<string, number>();
  for (const { labels, value } of values) byName.set(String(labels.operation), (byName.get(String(labels.operation)) ?? 0) + value);
  return byName;
}

describe("operation names in /metrics", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.stop());

  it("are the web app's compiled operations (operation-names.ts is up to date)", async () => {
    expect([...WEB_OPERATION_NAMES].sort()).toEqual(await compiledOperationNames());
  });

  it("count any name the app does not know as other, however many a client invents", async () => {
    const before = await counted();
    for (let i = 0; i < 250; i++) {
      expect((await app.graphql(`query Invented${i} { agentTypes }`)).errors).toBeUndefined();
    }
    const known = WEB_OPERATION_NAMES[0]!;
    expect((await app.graphql(`query ${known} { agentTypes }`)).errors).toBeUndefined();
    const after = await counted();
    expect([...after.keys()].filter((name) => name.startsWith("Invented"))).toEqual([]);
    expect((after.get("other") ?? 0) - (before.get("other") ?? 0)).toBe(250);
    expect((after.get(known) ?? 0) - (before.get(known) ?? 0)).toBe(1);
    expect([...after.keys()].every((name) => name === "other" || name === "anonymous" || WEB_OPERATION_NAMES.includes(name))).toBe(true);
  });
});
