// The screenshots kept in docs/screens: each screen at 1280x800 and 390x844, as the spec saw it,
// with its accessibility checked at both sizes.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { toPng8 } from "./png8";

export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const SCREENS_DIR = path.resolve(import.meta.dirname, "../../../docs/screens");

/** Waits for fades and transitions to end (endless ones, like a glow, excepted). */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * For each viewport: `open` brings the screen to the state worth keeping, then it is checked
 * with axe and photographed (animations frozen) as docs/screens/{name}-{viewport}.png.
 */
export async function captureScreen(page: Page, name: string, open: (page: Page) => Promise<void>) {
  // Two sizes, each opened, checked and photographed: more than one test's usual time.
  test.info().setTimeout(test.info().timeout + 60_000);
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await open(page);
    await settle(page);
    await expectAccessible(page, `${name} at ${viewport.name}`);
    const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
    writeFileSync(path.join(SCREENS_DIR, `${name}-${viewport.name}.png`), toPng8(shot));
  }
}
