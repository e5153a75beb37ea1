// End-to-end specs (web/e2e) in Debian's Chromium against the built app on the embedded
// database, exactly as `npm start` runs it, in a fresh data directory each run; the newcomer's
// first acts once more against a development server.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/browser.ts";

const PORT = Number(process.env.E2E_PORT ?? 4600);
const DEV_PORT = PORT + 1;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "nomina-e2e-"));
const devDataDir = process.env.E2E_DEV_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "nomina-e2e-dev-"));
// Workers load this file again and inherit the runner's environment: one data directory for all,
// so specs can read what the server wrote there (the outbox's verification mail).
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_DEV_DATA_DIR = devDataDir;

/** The specs of what a newcomer does first, run again against a development server (#41). */
const NEWCOMER_SPECS = /\/(summon|council-sessions|conversations|create-agent|conclave|readme-walk)\.spec\.ts$/;

/**
 * What every server of the run is given: the tests' own needs, not a mode. TRUST_PROXY: each test
 * is its own visitor (web/e2e/support/test.ts). ORACLE_PACE_MS: the oracle streams a little slower
 * than its default, so that a seat is seen speaking before it has answered even when two browsers
 * and the server share a busy machine. TIER_ACCOUNT_AGE_HOURS: a spec cannot wait a day for a
 * verified account's tier to rise.
 */
const serverEnv = (port: number, dir: string) => ({
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: "",
  REDIS_URL: "",
  LOG_LEVEL: "warn",
  TRUST_PROXY: "1",
  ORACLE_PACE_MS: "60",
  TIER_ACCOUNT_AGE_HOURS: "0",
});

export default defineConfig({
  testDir: "web/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  // Baselines of the screens, committed: web/e2e/__screenshots__/<spec file>/<screen>-<size>.png.
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFilePath}/{arg}{ext}",
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      // Same browser, same fonts, same machine: a screen differs by a few anti-aliased pixels at
      // most. A pixel counts as changed past YIQ distance 0.2 (Playwright's default), and up to
      // 1 % of the pixels may change (a line of text reworded passes; a panel moved or restyled
      // does not). What truly changes from run to run is masked by the spec (support/screens.ts).
      threshold: 0.2,
      maxDiffPixelRatio: 0.01,
      animations: "disabled",
      caret: "hide",
      scale: "css",
      stylePath: path.join(import.meta.dirname, "web/e2e/support/screens.css"),
    },
  },
  use: {
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    // Every spec, against the server as the README's `npm start` serves it (its `serve` step, with
    // no NODE_ENV of the runner's): what a newcomer meets.
    { name: "readme", use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${PORT}` }, metadata: { dataDir } },
    // The newcomer's first acts again against `npm run dev`'s mode, where developers' checks run:
    // each may warn in the log (support/developer-checks.ts reads it after the run), none may fail a page.
    {
      name: "development",
      testMatch: NEWCOMER_SPECS,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${DEV_PORT}` },
      metadata: { dataDir: devDataDir },
    },
  ],
  globalTeardown: "./web/e2e/support/developer-checks.ts",
  webServer: [
    {
      // The seed adds what no API creates (an archived agent, a curator), then the server starts
      // on it as `npm start` does once built (`npm run serve`), whatever NODE_ENV the runner has.
      command: "npx tsx scripts/e2e-seed.ts && env -u NODE_ENV npm run --silent serve",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: serverEnv(PORT, dataDir),
    },
    {
      // Development, as `npm run dev` runs it but from the build; what it logs is kept to be read.
      command: `npx tsx scripts/e2e-seed.ts && node api/dist/main.js > ${JSON.stringify(path.join(devDataDir, "server.log"))}`,
      url: `http://127.0.0.1:${DEV_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...serverEnv(DEV_PORT, devDataDir), NODE_ENV: "development" },
    },
  ],
});
