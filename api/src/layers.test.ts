// The shape of the server's imports, read by madge as `npx madge --circular api/src` reads it
// (.madgerc): no cycles, and layers that point one way. Transport (http/, graphql/, a domain's
// GraphQL and REST files) calls domain services, which call db/; a service never reaches back
// for the transport, GraphQL and REST never import each other, and the server never imports
// the web app's source (what both need lives in the shared package).
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CURATOR_REQUIRED, CURATOR_SIGN_IN, INVALID_CREDENTIALS, SIGN_IN_REQUIRED } from "./domains/accounts/access.ts";
import { SESSION_ENDED } from "./domains/accounts/sessions.ts";
import { PROJECT_ROOT } from "./paths.ts";

type MadgeResult = { obj(): Record<string, string[]>; circular(): string[][] };
type MadgeConfig = Record<string, unknown> & { tsConfig: string };
const madge = createRequire(import.meta.url)("madge") as (target: string, config: MadgeConfig) => Promise<MadgeResult>;

const DOMAIN_GRAPHQL = /^api\/src\/domains\/[^/]+\/(graphql|mutations|[^/]+\.graphql)\.ts$/;
const DOMAIN_REST = /^api\/src\/domains\/[^/]+\/(rest|[^/]+\.rest)\.ts$/;
const isGraphQL = (file: string) => file.startsWith("api/src/graphql/") || DOMAIN_GRAPHQL.test(file);
const isRest = (file: string) => file.startsWith("api/src/http/") || DOMAIN_REST.test(file);
const isTransport = (file: string) => isGraphQL(file) || isRest(file);
const isTest = (file: string) => file.endsWith(".test.ts");
const isDomainService = (file: string) => file.startsWith("api/src/domains/") && !isTransport(file) && !isTest(file);
const isDb = (file: string) => file.startsWith("api/src/db/") && !isTest(file);
/** The minds (seats, the oracle, the Council's deliberation): below the domains, which call them. */
const isMinds = (file: string) => file.startsWith("api/src/minds/") && !isTest(file);
/** The live-event bus: domains publish through it, so it knows none of them. */
const isEvents = (file: string) => file.startsWith("api/src/events/") && !isTest(file);
/** The server's own fault and fuzz suites, and the operators' command lines and the composition root. */
const isSuite = (file: string) => /^api\/src\/(faults|fuzz)\//.test(file);
const ENTRIES = new Set(["app", "main", "services", "cli", "curator", "backup", "process-faults"].map((name) => `api/src/${name}.ts`));
const isEntry = (file: string) => ENTRIES.has(file);
/** The root modules everything may use (config, logger, errors, metrics, clock...): they use no layer above them. */
const isFoundation = (file: string) => /^api\/src\/[^/]+\.ts$/.test(file) && !isEntry(file) && !isTest(file);
const LAYERS = { isGraphQL, isRest, isDomainService, isDb, isMinds, isEvents, isSuite, isEntry, isFoundation, isTest };

let graph: Record<string, string[]>;
let cycles: string[][];

beforeAll(async () => {
  const rc = JSON.parse(readFileSync(path.join(PROJECT_ROOT, ".madgerc"), "utf8")) as MadgeConfig;
  const result = await madge(path.join(PROJECT_ROOT, "api/src"), { ...rc, baseDir: PROJECT_ROOT, tsConfig: path.join(PROJECT_ROOT, rc.tsConfig) });
  graph = result.obj();
  cycles = result.circular();
});

/** Every import `from` a file `that` matches, to a file `to` matches, as "importer -> imported". */
function imports(from: (file: string) => boolean, to: (file: string) => boolean): string[] {
  return Object.entries(graph).flatMap(([file, deps]) => (from(file) ? deps.filter(to).map((dep) => `${file} -> ${dep}`) : []));
}

describe("the server's imports", () => {
  it("are read whole: every layer is in the graph", () => {
    const files = Object.keys(graph);
    for (const kind of [isGraphQL, isRest, isDomainService, isDb]) expect(files.some(kind), kind.name).toBe(true);
  });

  it("place every file in a layer: a new folder or root module is classified here first", () => {
    const unplaced = Object.keys(graph).filter((file) => file.startsWith("api/src/") && !Object.values(LAYERS).some((layer) => layer(file)));
    expect(unplaced).toEqual([]);
  });

  it("keep the minds below the domains: they import neither the domains nor the transport", () => {
    expect(imports(isMinds, (file) => file.startsWith("api/src/domains/") || isTransport(file))).toEqual([]);
  });

  it("keep the event bus and the root modules below everything that uses them", () => {
    const above = (file: string) => file.startsWith("api/src/domains/") || isTransport(file) || isEntry(file);
    expect(imports(isEvents, above)).toEqual([]);
    expect(imports(isFoundation, above)).toEqual([]);
  });

  it("have no cycles", () => {
    expect(cycles).toEqual([]);
  });

  it("point one way: domain services never import the transport", () => {
    expect(imports(isDomainService, isTransport)).toEqual([]);
  });

  it("point one way: db/ imports neither domains nor the transport", () => {
    expect(imports(isDb, (file) => file.startsWith("api/src/domains/") || isTransport(file))).toEqual([]);
  });

  it("keep GraphQL and REST apart: neither imports the other", () => {
    expect(imports(isGraphQL, isRest)).toEqual([]);
    expect(imports(isRest, isGraphQL)).toEqual([]);
  });

  it("never reach into the web app's source", () => {
    expect(
      imports(
        () => true,
        (file) => file.startsWith("web/"),
      ),
    ).toEqual([]);
  });

  it("word each refusal of who may act in one place", () => {
    const sources = Object.keys(graph).filter((file) => file.startsWith("api/src/") && !isTest(file));
    for (const message of [SIGN_IN_REQUIRED, CURATOR_REQUIRED, CURATOR_SIGN_IN, INVALID_CREDENTIALS, SESSION_ENDED]) {
      const saying = sources.filter((file) => readFileSync(path.join(PROJECT_ROOT, file), "utf8").includes(`"${message}"`));
      expect(saying, message).toHaveLength(1);
    }
  });
});

/** Every module a file imports, as written (static imports, re-exports and dynamic imports). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]!);
}

/** The TypeScript files under `dir` (generated code left out), relative to the project. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes("__generated__"))
    .map((entry) => path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)));
}

/** Where each relative import of `files` lands, as "importer -> target" when it lands in `forbidden`. */
function reaching(files: string[], forbidden: string[]): string[] {
  return files.flatMap((file) =>
    specifiers(path.join(PROJECT_ROOT, file))
      .filter((spec) => spec.startsWith("."))
      .map((spec) => path.relative(PROJECT_ROOT, path.resolve(PROJECT_ROOT, path.dirname(file), spec)))
      .filter((target) => forbidden.some((dir) => target.startsWith(dir)))
      .map((target) => `${file} -> ${target}`),
  );
}

describe("what the server and the browser share", () => {
  it("the web app never imports the server's source, only @nomina/shared", () => {
    const app = sourcesUnder("web/src");
    const specs = sourcesUnder("web/e2e");
    const web = [...app, ...specs];
    expect(web.length).toBeGreaterThan(50);
    expect(reaching(app, ["api/"])).toEqual([]);
    // The browser specs may use the API tests' own helpers (the providers' local stand-ins, a
    // free port), as the benchmarks do, but never import the server itself.
    const helpers = ["api/test/providers.ts", "api/test/ports.ts"];
    expect(reaching(specs, ["api/"]).filter((edge) => !helpers.some((helper) => edge.endsWith(`-> ${helper}`)))).toEqual([]);
    expect(web.flatMap((file) => specifiers(path.join(PROJECT_ROOT, file)).filter((spec) => spec.startsWith("@nomina/api")))).toEqual([]);
  });

  it("the shared package imports neither of them", () => {
    const shared = sourcesUnder("shared/src");
    expect(shared.length).toBeGreaterThan(5);
    expect(reaching(shared, ["api/", "web/"])).toEqual([]);
  });
});
