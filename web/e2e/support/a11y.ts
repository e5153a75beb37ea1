// Accessibility check of the screen as it stands: axe-core, no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** `exclude`: selectors of third-party widgets the product cannot change (said where used). */
export async function expectAccessible(page: Page, label = "this screen", exclude: string[] = []) {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  expect(serious, `${label}: serious accessibility violations`).toEqual([]);
}
