// Every test is a visitor of its own. Daily quotas and abuse limits count per client address
// (spec section 9, issue #4), and the e2e server trusts one proxy hop (TRUST_PROXY=1), so each
// test sends an X-Forwarded-For address of its own on every page, API and WebSocket request:
// tests that run a glyph ritual do not spend each other's one ritual a day.
import { test as base, type TestInfo } from "@playwright/test";

export { expect } from "@playwright/test";
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";

let visitors = 0;

/** An address in 10.0.0.0/8 unique to this test (worker and sequence), stable across its retries. */
export function visitorAddress(testInfo: TestInfo): string {
  visitors += 1;
  const n = (testInfo.workerIndex * 50_000 + visitors) % 16_777_214 + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress(testInfo) });
  },
});
