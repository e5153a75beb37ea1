// End-to-end specs (web/e2e) in Debian's Chromium against the built app on the embedded
// database, exactly as `npm start` runs it, in a fresh data directory each run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/browser.ts";

const PORT = Number(process.env.E2E_PORT ?? 4600);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "nomina-e2e-"));
// Workers load this file again and inherit the runner's environment: one data directory for all,
// so specs can read what the server wrote there (the outbox's verification mail).
process.env.E2E_DATA_DIR = dataDir;

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
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The seed adds what no API creates (an archived agent), then the server starts on it.
    command: "npx tsx scripts/e2e-seed.ts && node api/dist/main.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // TRUST_PROXY: each test is its own visitor (web/e2e/support/test.ts). ORACLE_PACE_MS: the
    // oracle streams a little slower than its default, so that a seat is seen speaking before it
    // has answered even when two browsers and the server share a busy machine.
    // TIER_ACCOUNT_AGE_HOURS: a spec cannot wait a day for a verified account's tier to rise.
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      ORACLE_PACE_MS: "60",
      TIER_ACCOUNT_AGE_HOURS: "0",
    },
  },
});
