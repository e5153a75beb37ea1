// PNG export (spec 2): the glyph drawn at 240 by 240 on black, then saved by the browser.
import { slugify } from "@nomina/shared/slug";
import type { GeneratedGlyph } from "./generate";

export const PNG_SIZE = 240;

export async function glyphPng(glyph: GeneratedGlyph, size = PNG_SIZE): Promise<Blob> {
  const image = new Image(size, size);
  image.src = glyph.dataUrl;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw the glyph");
  context.fillStyle = "#000000";
  context.fillRect(0, 0, size, size);
  context.drawImage(image, 0, 0, size, size);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The glyph could not be exported"))), "image/png"));
}

/** "Codex" → "codex-glyph.png"; a name with no letters or digits → "glyph.png". */
export function pngFileName(name: string): string {
  const slug = slugify(name, "");
  return slug ? `${slug}-glyph.png` : "glyph.png";
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download reads the URL after this call returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
