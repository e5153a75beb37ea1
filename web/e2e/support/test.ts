// Every test is a visitor of its own. Daily quotas and abuse limits count per client address
// (spec section 9, issue #4), and the e2e server trusts one proxy hop (TRUST_PROXY=1), so each
// test sends an X-Forwarded-For address of its own on every page, API and WebSocket request:
// tests that run a glyph ritual do not spend each other's one ritual a day.
import { test as base, expect, type TestInfo } from "@playwright/test";
import { describeViolation, newWatch, settle, watchNewContexts, watchViolations } from "./csp";

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";

let visitors = 0;

/** An address in 10.0.0.0/8 unique to this test (worker and sequence), stable across its retries. */
export function visitorAddress(testInfo: TestInfo): string {
  visitors += 1;
  const n = ((testInfo.workerIndex * 50_000 + visitors) % 16_777_214) + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{ contentSecurity: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress(testInfo) });
  },
  // Every page of every test runs under the server's content security policy: anything the
  // policy refused (a script, a style, a connection, a string made code) fails the test that met
  // it, unless the test provokes that refusal on purpose (an annotation {type: "csp-refusal",
  // description: directive}). Heard twice: in the console of the test's page, and by every
  // document of every context the test opens, its own `browser.newContext()` and
  // `browser.newPage()` included, listening for `securitypolicyviolation` (support/csp.ts).
  contentSecurity: [
    async ({ page, context, browser }, use, testInfo) => {
      const refused: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const watch = newWatch();
      await watchViolations(context, watch);
      const unwatch = watchNewContexts(browser, watch);
      try {
        await use();
      } finally {
        unwatch();
      }
      await settle(watch);
      const provoked = testInfo.annotations.filter((note) => note.type === "csp-refusal").map((note) => note.description ?? "");
      const unexpected = refused.filter((text) => !provoked.some((directive) => text.includes(`"${directive}`)));
      expect(unexpected, "content security policy violations").toEqual([]);
      const violations = watch.violations.filter((violation) => !provoked.some((directive) => violation.directive.startsWith(directive)));
      expect(violations.map(describeViolation), "securitypolicyviolation events").toEqual([]);
    },
    { auto: true },
  ],
});
