// The content security policy's refusals as the page itself hears them (#42 finding 9): every
// document of a watched browser context (each page, each frame, after each navigation) listens
// for `securitypolicyviolation` and reports it to the test. This hears what the console may not
// say: a refused `new Function` that the page's code caught (zod's eval probe) is reported as a
// violation all the same. support/test.ts watches every context a test opens.
import type { Browser, BrowserContext } from "@playwright/test";

/** A refusal, as the event describes it, and the address of the document that met it. */
export type Violation = { directive: string; blocked: string; source: string; line: number; sample: string; url: string };

const BINDING = "__nominaCspViolation";

/** Runs in every document, before its own scripts: what is refused is queued, then sent to the test. */
function listen(binding: string): void {
  const queue: unknown[] = [];
  const send = () => {
    const report = (window as unknown as Record<string, ((violation: unknown) => Promise<void>) | undefined>)[binding];
    // The binding is normally there before any script runs; if not yet, the queue waits for it.
    if (!report) return void setTimeout(send, 50);
    while (queue.length > 0) void report(queue.shift()).catch(() => {});
  };
  document.addEventListener(
    "securitypolicyviolation",
    (event) => {
      queue.push({
        directive: event.effectiveDirective || event.violatedDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
        url: location.href,
      });
      send();
    },
    true,
  );
}

/** What one test's watch heard, and the contexts it watched. */
export type Watch = { violations: Violation[]; contexts: BrowserContext[] };

export const newWatch = (): Watch => ({ violations: [], contexts: [] });

/** Watches `context`'s documents, present and to come; what they report goes into `watch`. */
export async function watchViolations(context: BrowserContext, watch: Watch): Promise<void> {
  if (watch.contexts.includes(context)) return;
  watch.contexts.push(context);
  await context.exposeBinding(BINDING, (_source, violation: Violation) => void watch.violations.push(violation));
  await context.addInitScript(listen, BINDING);
}

/**
 * Makes every context `browser` opens while the test runs a watched one (`browser.newPage()`
 * opens one through it too); returns what undoes it. The browser is shared by the worker's
 * tests, which run one at a time: it is only ever watched for the test that runs.
 */
export function watchNewContexts(browser: Browser, watch: Watch): () => void {
  const open = browser.newContext.bind(browser);
  // An own property over the prototype's method, deleted again when the test is done.
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await open(...args);
    await watchViolations(context, watch);
    return context;
  };
  return () => void Reflect.deleteProperty(browser, "newContext");
}

/**
 * Lets every open page deliver what it has queued: a round trip to each, once the test is done
 * (a binding's calls arrive before the answer to an evaluation made after them). No timer in the
 * page: a test may have installed Playwright's clock there, and its timers never fire by
 * themselves. A page that has closed meanwhile has nothing more to say.
 */
export async function settle(watch: Watch): Promise<void> {
  const pages = watch.contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  await Promise.all(pages.map((page) => page.evaluate(() => true).catch(() => false)));
}

/** A violation as one line of a test's failure. */
export const describeViolation = (violation: Violation) =>
  `${violation.directive} refused ${violation.blocked || "(inline)"} on ${violation.url}${violation.source ? ` (${violation.source}:${violation.line})` : ""}${violation.sample ? `: ${violation.sample}` : ""}`;
