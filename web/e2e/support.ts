// Helpers shared by the specs of the Council Terminal, Witnessing and the lore pages:
// accessibility checks, screenshots for docs/screens, and visitors from other addresses.
import http from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page, context?: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(" ")}: ${node.html.slice(0, 120)} ${node.failureSummary ?? ""}`).join("; ")})`);
  expect(serious, `serious accessibility violations${context ? ` (${context})` : ""}`).toEqual([]);
}

const SCREENS_DIR = path.resolve(import.meta.dirname, "../../docs/screens");
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * With SCREENS=1, saves the page at 1280x800 and 390x844 as docs/screens/<name>-<w>x<h>.png,
 * then restores the viewport. Off by default, so `npm test` leaves the committed files alone.
 */
export async function captureScreens(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400); // let layout and fonts settle at the new width
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${viewport.width}x${viewport.height}.png`), animations: "disabled", caret: "hide" });
  }
  if (original) await page.setViewportSize(original);
}

/** POSTs JSON to the app from `address` (any 127.x.y.z reaches it): to the server, another visitor. */
export function postFrom(baseURL: string, address: string, pathname: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(pathname, baseURL),
      { method: "POST", localAddress: address, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** An agent of the network by username, through the REST shim. */
export async function agentByUsername(baseURL: string, username: string): Promise<{ id: string; name: string; glyph: string }> {
  const response = await fetch(new URL(`/api/agents/${username}`, baseURL));
  expect(response.status).toBe(200);
  return (await response.json()).agent;
}
