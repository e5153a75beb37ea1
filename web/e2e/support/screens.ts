// Each screen at 1280x800 and 390x844, as the spec saw it: checked with axe at both sizes and
// compared with its baseline in web/e2e/__screenshots__ (tolerance, frozen animations, hidden
// caret and the pinned sky are set once in playwright.config.ts). Only `npm run screens`
// (E2E_SCREENS=1) also writes the photographs to docs/screens, where the README shows them:
// a test run leaves the repository as it found it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, visitorAddress, type Locator, type Page } from "./test";
import { expectAccessible } from "./a11y";
import { toPng8 } from "./png8";
import { toasts } from "./toasts";

export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];

/**
 * What differs from run to run on a screen, beyond the times every screen masks: what other
 * specs write to the shared database at the same moment, names made unique per run, ids.
 */
export type Masks = (page: Page) => Locator[];

const SCREENS_DIR = path.resolve(import.meta.dirname, "../../../docs/screens");
/** The stylesheet the comparison applies (playwright.config.ts), applied to the docs' copies too. */
const SCREEN_STYLE_PATH = path.resolve(import.meta.dirname, "screens.css");
const writeDocs = process.env.E2E_SCREENS === "1";

/**
 * Waits for the web fonts, the bell's count and for fades and transitions to end (endless ones, like a glow,
 * excepted): the layout is final, so a scroll made now lands where it would on any machine.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  // The bell's code and count load apart from the screen: a screen with the menu is taken once
  // the bell has read its count, or it would be in one photograph and not the next.
  await page.waitForFunction(
    () => !document.querySelector('[aria-controls][aria-label$="network menu"]') || document.querySelector('a[aria-label^="Notifications,"]'),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Every `<time>` is a moment of this run (a creation, an ascension, a whisper). Behind an open
 * dialog the page is inert (aria-hidden) and covered: its times are not in the picture, and
 * masking them would paint over the dialog wherever the page behind happened to be scrolled.
 */
const timesOf = (page: Page) => [page.locator("time:not([aria-hidden=true] time)")];

async function photograph(page: Page, name: string, viewport: Viewport, masks?: Masks, axeExclude: string[] = []) {
  await settle(page);
  // A toast leaves on a timer of its own: whether it is still there would depend on how fast
  // the machine got here, so the screen is taken once it has gone (a screen whose first toast
  // arrives with code loaded on demand waits, in its `open`, to see it first).
  await expect(toasts(page).and(page.locator("[data-state=open]"))).toHaveCount(0);
  await expectAccessible(page, `${name} at ${viewport.name}`, axeExclude);
  await expect(page).toHaveScreenshot(`${name}-${viewport.name}.png`, { mask: [...timesOf(page), ...(masks?.(page) ?? [])] });
  if (writeDocs) {
    const shot = await page.screenshot({ animations: "disabled", caret: "hide", style: readFileSync(SCREEN_STYLE_PATH, "utf8") });
    mkdirSync(SCREENS_DIR, { recursive: true });
    writeFileSync(path.join(SCREENS_DIR, `${name}-${viewport.name}.png`), toPng8(shot));
  }
}

/** For each viewport: `open` brings the screen to the state worth keeping, then it is photographed. */
export async function captureScreen(page: Page, name: string, open: (page: Page) => Promise<void>, masks?: Masks) {
  // Two sizes, each opened, checked and compared: more than one test's usual time.
  test.info().setTimeout(test.info().timeout + 60_000);
  for (const viewport of VIEWPORTS) {
    // Each size is opened by a visitor of its own, so a screen that runs a ritual can run it twice.
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress(test.info()) });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await open(page);
    await photograph(page, name, viewport, masks);
  }
}

/**
 * The page as it stands, photographed at both sizes (for live screens that cannot simply be
 * opened again); the viewport is restored afterwards. `arrange` runs at each size before its
 * photograph (a part of the page scrolled into view: the scroll a size left does not fit the next).
 */
export async function photographScreen(page: Page, name: string, masks?: Masks, axeExclude?: string[], arrange?: (page: Page) => Promise<void>) {
  test.info().setTimeout(test.info().timeout + 60_000);
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    if (arrange) {
      await settle(page);
      await arrange(page);
    }
    await photograph(page, name, viewport, masks, axeExclude);
  }
  if (original) await page.setViewportSize(original);
}
