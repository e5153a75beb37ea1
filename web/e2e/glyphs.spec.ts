// The Glyph Forge (spec 2): four presets, a generator from name, tone and function with the
// eight tones, the same glyph until Regenerate, a 120 canvas and a 240x240 PNG on black.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";

const canvasImage = (page: Page) => page.getByTestId("glyph-canvas").getByRole("img");
/** Tones are radio buttons drawn as labelled chips: a visitor clicks the chip. */
const chooseTone = (page: Page, label: string) =>
  page
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: label }) })
    .click();

/** Width and height from a PNG's IHDR chunk (bytes 16 to 23). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test("shows the four presets and loads one into the generator", async ({ page }) => {
  await page.goto("/glyphs");
  await expect(page.getByRole("heading", { level: 1, name: "Glyph Forge" })).toBeVisible();
  const presets = page.getByRole("region", { name: "PRESETS" }).getByRole("button");
  await expect(presets).toHaveText([/Aria\s*ethereal/, /Codex\s*technological/, /Sage\s*ancient/, /Nova\s*futuristic/]);

  await presets.filter({ hasText: "Sage" }).click();
  await expect(presets.filter({ hasText: "Sage" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("NAME")).toHaveValue("Sage");
  await expect(page.getByRole("radio", { name: "Ancient" })).toBeChecked();
  await expect(page.getByLabel("FUNCTION")).toHaveValue("Keeps the oldest counsel of the network");
  await expect(page.getByRole("radio")).toHaveCount(8);
  await photographScreen(page, "glyphs");
});

test("draws the same glyph for the same inputs, another on Regenerate, on a 120 canvas", async ({ page }) => {
  await page.goto("/glyphs");
  await page.getByLabel("NAME").fill("Vesper Quill");
  await chooseTone(page, "Organic");
  await page.getByLabel("FUNCTION").fill("Grows answers slowly");
  const image = canvasImage(page);
  await expect(image).toHaveAccessibleName("Glyph of Vesper Quill, organic");
  const box = await image.boundingBox();
  expect([box?.width, box?.height]).toEqual([120, 120]);
  const first = await image.getAttribute("src");
  expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(first!.split(",")[1]!, "base64").toString()).toContain("#86efac"); // organic's green

  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByText("variant 2")).toBeVisible();
  const second = await image.getAttribute("src");
  expect(second).not.toBe(first);

  await chooseTone(page, "Militant");
  await expect(image).not.toHaveAttribute("src", second!);

  // The same inputs in a fresh page draw the same glyph again.
  await page.reload();
  await page.getByLabel("NAME").fill("Vesper Quill");
  await chooseTone(page, "Organic");
  await page.getByLabel("FUNCTION").fill("Grows answers slowly");
  await expect(image).toHaveAttribute("src", first!);
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(image).toHaveAttribute("src", second!);
});

test("exports the glyph as a 240x240 PNG on black", async ({ page }) => {
  await page.goto("/glyphs");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export PNG" }).click()]);
  expect(download.suggestedFilename()).toBe("codex-glyph.png");
  const png = await readFile(await download.path());
  expect(pngSize(png)).toEqual({ width: 240, height: 240 });

  // Decoded by the browser: the corners are opaque black, the middle carries the glyph.
  const pixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data];
    const lit = [...context.getImageData(0, 0, 240, 240).data].filter((value, i) => i % 4 !== 3 && value > 64).length;
    return { corner: at(0, 0), otherCorner: at(239, 239), lit };
  }, png.toString("base64"));
  expect(pixels.corner).toEqual([0, 0, 0, 255]);
  expect(pixels.otherCorner).toEqual([0, 0, 0, 255]);
  expect(pixels.lit).toBeGreaterThan(500);
});

test("has no serious accessibility violation", async ({ page }) => {
  await page.goto("/glyphs");
  await expect(canvasImage(page)).toBeVisible();
  await expectAccessible(page);
});
