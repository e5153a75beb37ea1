// Once per run, before any test file: the prepared databases every test copies (templates.ts).
// Their locations reach the test workers through the environment, which the workers inherit.
import { build } from "esbuild";
import { pgliteImage, pgliteTemplate, postgresTemplate, templateKey } from "./templates.ts";

/** Where the server and the curator CLI are bundled for the tests that run them as processes. */
const BUNDLE_DIR = new URL("../.test-build/", import.meta.url).pathname;

export default async function setup(): Promise<void> {
  const key = await templateKey();
  process.env.NOMINA_TEST_PGLITE_TEMPLATE = await pgliteTemplate(key);
  process.env.NOMINA_TEST_PGLITE_IMAGE = await pgliteImage(process.env.NOMINA_TEST_PGLITE_TEMPLATE);
  process.env.NOMINA_TEST_PGLITE_EMPTY = await pgliteTemplate(key, true);
  if (process.env.DATABASE_URL) process.env.NOMINA_TEST_POSTGRES_TEMPLATE = await postgresTemplate(process.env.DATABASE_URL, key);
  // As `npm run build` bundles them: a process started from the bundle skips transpiling the
  // whole app at every start (about a second of CPU each).
  await build({
    entryPoints: [
      new URL("../src/main.ts", import.meta.url).pathname,
      new URL("../src/curator.ts", import.meta.url).pathname,
      new URL("../src/backup.ts", import.meta.url).pathname,
    ],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // The shared package is TypeScript source: bundled in, as `npm run build` does.
    alias: { "@nomina/shared": new URL("../../shared/src", import.meta.url).pathname },
    outdir: BUNDLE_DIR,
    logLevel: "warning",
  });
  process.env.NOMINA_TEST_BUNDLE = BUNDLE_DIR;
}
