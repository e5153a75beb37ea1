// A card's picture is the one costly step of a card export (issue #26: a stored glyph took 20 s
// of CPU on every request, and kept rendering after its client left). Here: one render per
// picture however often it is asked for, nothing drawn for a client gone before its turn, the
// glyph-only picture in place of a render past its budget, and a real render as card apps see it.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCardPictures, pictureSvg, rasteriseWithSharp, type PictureAgent } from "./card-picture.ts";

const glyphImage = (colour: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="50" fill="${colour}"/></svg>`).toString("base64")}`;

const agent = (id: string, avatarUrl: string | null = glyphImage("#8be9fd")): PictureAgent => ({ id, name: `Agent ${id}`, glyph: "✶", avatarUrl });

/** A rasteriser that records what it was asked to draw, and draws each picture when told to. */
function controlledRasteriser() {
  const drawn: string[] = [];
  const waiting: (() => void)[] = [];
  const rasterise = (svg: string) => {
    drawn.push(svg);
    return new Promise<Buffer>((resolve) => waiting.push(() => resolve(Buffer.from(svg))));
  };
  const releaseAll = () => waiting.splice(0).forEach((release) => release());
  return { drawn, rasterise, releaseAll, waiting };
}

/** Lets queued work take its turn (promise callbacks only: no timer). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe("card pictures", () => {
  it("draw each picture once, for requests one after another or at once, and again when the glyph changes", async () => {
    let renders = 0;
    const pictures = createCardPictures({ rasterise: (svg) => ((renders += 1), rasteriseWithSharp(svg)) });
    const first = await pictures.picture(agent("a"));
    expect(await pictures.picture(agent("a"))).toBe(first);
    expect(renders).toBe(1);

    const together = await Promise.all([pictures.picture(agent("b")), pictures.picture(agent("b")), pictures.picture(agent("b"))]);
    expect(new Set(together).size).toBe(1);
    expect(renders).toBe(2);

    await pictures.picture(agent("a", glyphImage("#f472b6")));
    expect(renders).toBe(3);
  });

  it("never draw a queued picture whose request was abandoned before its turn", async () => {
    const { drawn, rasterise, releaseAll } = controlledRasteriser();
    const pictures = createCardPictures({ rasterise, renders: 1 });
    const busy = pictures.picture(agent("busy"));
    const leaving = new AbortController();
    const abandoned = pictures.picture(agent("abandoned"), leaving.signal);
    await settle();
    expect(drawn).toHaveLength(1);

    leaving.abort();
    await expect(abandoned).rejects.toMatchObject({ name: "AbortError" });
    releaseAll();
    await busy;
    await settle();
    expect(drawn).toEqual([pictureSvg(agent("busy"))]);

    // Asked for again, it is drawn: the abandoned turn left nothing behind.
    const again = pictures.picture(agent("abandoned"));
    await settle();
    releaseAll();
    expect((await again).toString()).toBe(pictureSvg(agent("abandoned")));
    expect(drawn).toHaveLength(2);
  });

  it("draw a picture one client abandoned for another who still waits for it", async () => {
    const { drawn, rasterise, releaseAll } = controlledRasteriser();
    const pictures = createCardPictures({ rasterise, renders: 1 });
    const busy = pictures.picture(agent("busy"));
    const leaving = new AbortController();
    const abandoned = pictures.picture(agent("shared"), leaving.signal);
    const staying = pictures.picture(agent("shared"));
    leaving.abort();
    await expect(abandoned).rejects.toMatchObject({ name: "AbortError" });
    releaseAll();
    await busy;
    await settle();
    releaseAll();
    expect((await staying).toString()).toBe(pictureSvg(agent("shared")));
    expect(drawn).toHaveLength(2);
  });

  it("refuse a request already abandoned without queueing it", async () => {
    const { drawn, rasterise } = controlledRasteriser();
    const pictures = createCardPictures({ rasterise });
    await expect(pictures.picture(agent("gone"), AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
    await settle();
    expect(drawn).toEqual([]);
  });

  it("stand the glyph-only picture in for a render past its budget, and keep it, so the image is never tried again", async () => {
    const drawn: string[] = [];
    const pictures = createCardPictures({
      budgetMs: 20,
      // The glyph image never finishes drawing; the glyph-only picture does at once.
      rasterise: (svg) => (drawn.push(svg), svg.includes("<image") ? new Promise<Buffer>(() => {}) : Promise.resolve(Buffer.from(svg))),
    });
    const slow = agent("slow");
    const fallback = pictureSvg(slow, true);
    expect(fallback).not.toContain("<image");
    expect((await pictures.picture(slow)).toString()).toBe(fallback);
    expect((await pictures.picture(slow)).toString()).toBe(fallback);
    expect(drawn).toEqual([pictureSvg(slow), fallback]);
  });

  it("stand the glyph-only picture in for a render that fails", async () => {
    const pictures = createCardPictures({
      rasterise: (svg) => (svg.includes("<image") ? Promise.reject(new Error("unreadable")) : Promise.resolve(Buffer.from(svg))),
    });
    expect((await pictures.picture(agent("broken"))).toString()).toBe(pictureSvg(agent("broken"), true));
  });

  it("give the glyph-only picture at once when the queue is full", async () => {
    const { drawn, rasterise, releaseAll } = controlledRasteriser();
    const pictures = createCardPictures({ rasterise, renders: 1, queue: 1 });
    const queued = [pictures.picture(agent("one")), pictures.picture(agent("two"))];
    await settle();
    const overflow = pictures.picture(agent("three"));
    await settle();
    expect(drawn.at(-1)).toBe(pictureSvg(agent("three"), true));
    releaseAll();
    expect((await overflow).toString()).toBe(pictureSvg(agent("three"), true));
    await settle();
    releaseAll();
    await Promise.all(queued);
  });

  it("render as card apps show it: a 400 x 600 PNG of the glyph image, or of the glyph alone", async () => {
    const pictures = createCardPictures();
    for (const drawnAgent of [agent("image"), agent("text", null)]) {
      expect(await sharp(await pictures.picture(drawnAgent)).metadata()).toMatchObject({ format: "png", width: 400, height: 600 });
    }
  });
});
