// Waiting on the page's own rendering and clock instead of the test runner's, so that a spec
// asserting that something did not happen asserts it after the moment it would have.
import type { Page } from "@playwright/test";

/** Resolves once the page has painted twice more: what an event already handled renders is on screen. */
export async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Resolves once the page's animation timeline (the clock every CSS and Web Animation runs on)
 * has moved `ms` past this moment, frame by frame: an animation still running would have moved.
 */
export async function animationTimePasses(page: Page, ms: number) {
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve) => {
        const until = Number(document.timeline.currentTime) + ms;
        const frame = () => (Number(document.timeline.currentTime) >= until ? resolve() : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }),
    ms,
  );
}

/**
 * Pauses the page's clock (installed with page.clock.install) one second ahead of its present:
 * a moment still in its future however long this call takes to arrive, so pausing cannot fail
 * as "the past". Timers due within that second run on the way.
 */
export async function pauseClockAhead(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}
