// A character card's picture: the agent's glyph image, or its glyph drawn large and glowing on the
// night, rasterised to a 400 x 600 PNG. Rasterising is the one costly step of a card export, and
// anyone may ask for any agent's card, so (issue #26) it is paid for at most once per picture:
// - rendered PNGs are kept in a small LRU by agent and picture content, so a repeat costs nothing,
//   and two requests for one picture at once share one render;
// - at most CARD_PICTURE_RENDERS run at once, in a queue; a request whose client has gone before
//   its turn renders nothing;
// - a render gets CARD_PICTURE_BUDGET_MS: past it (or failing), the glyph-only picture stands in,
//   and is what is kept, so a costly image is never tried twice;
// - sharp reads the composed SVG at a fixed density, refusing more input pixels than the picture has.
// The glyph image itself is bounded when it is stored (@nomina/shared/glyph-image, GLYPH_BOUNDS).
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import sharp from "sharp";
import type { CardAgent } from "./cards.ts";

/** The picture's size: the portrait card apps show. */
const PICTURE = { width: 400, height: 600 };
/** Renders at once, in this process. */
export const CARD_PICTURE_RENDERS = 2;
/** Renders waiting their turn; past it, a request gets the glyph-only picture at once. */
export const CARD_PICTURE_QUEUE = 32;
/** What one render may take before the glyph-only picture stands in (the render runs on, holding its turn). */
export const CARD_PICTURE_BUDGET_MS = 2_000;
/** Rendered pictures kept: this many, and this many bytes in all. */
export const CARD_PICTURE_CACHE = { entries: 256, bytes: 32 * 1024 * 1024 };

export type PictureAgent = Pick<CardAgent, "id" | "glyph" | "name" | "avatarUrl">;

/** Turns the picture's SVG into PNG bytes. */
export type Rasterise = (svg: string) => Promise<Buffer>;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function decodeDataUrl(url: string): Buffer | null {
  const comma = url.indexOf(",");
  if (comma < 0) return null;
  const meta = url.slice(0, comma);
  const body = url.slice(comma + 1);
  return meta.endsWith(";base64") ? Buffer.from(body, "base64") : Buffer.from(decodeURIComponent(body), "utf8");
}

/** The picture as SVG: with the agent's glyph image, unless `glyphOnly` or it has none. */
export function pictureSvg(agent: Omit<PictureAgent, "id">, glyphOnly = false): string {
  const image = !glyphOnly && agent.avatarUrl?.startsWith("data:image/svg+xml") ? decodeDataUrl(agent.avatarUrl) : null;
  const glyph = image
    ? `<image href="data:image/svg+xml;base64,${image.toString("base64")}" x="60" y="110" width="280" height="280"/>`
    : `<text x="200" y="258" font-size="170" text-anchor="middle" dominant-baseline="middle" fill="#e9d5ff" filter="url(#glow)">${escapeXml(agent.glyph)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE.width}" height="${PICTURE.height}" viewBox="0 0 400 600">
  <defs>
    <radialGradient id="sky" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#2e1065"/><stop offset="1" stop-color="#05030d"/></radialGradient>
    <filter id="glow"><feGaussianBlur stdDeviation="6" result="blur"/><feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
  </defs>
  <rect width="400" height="600" fill="url(#sky)"/>
  <circle cx="200" cy="250" r="150" fill="none" stroke="#a78bfa" stroke-opacity="0.35"/>
  ${glyph}
  <text x="200" y="520" font-size="30" text-anchor="middle" fill="#f5f3ff" font-family="serif" letter-spacing="3">${escapeXml(agent.name.slice(0, 28))}</text>
</svg>`;
}

/** sharp, at a fixed density, no more input pixels than the picture's, stopped by libvips past the budget. */
export const rasteriseWithSharp: Rasterise = (svg) =>
  sharp(Buffer.from(svg), { density: 72, limitInputPixels: PICTURE.width * PICTURE.height })
    .png()
    .timeout({ seconds: Math.ceil(CARD_PICTURE_BUDGET_MS / 1000) })
    .toBuffer();

/** The picture rendered at once, with no queue, budget or cache (what the pictures below bound). */
export const cardPicture = (agent: Omit<PictureAgent, "id">): Promise<Buffer> => rasteriseWithSharp(pictureSvg(agent));

const abortError = () => new DOMException("The request was abandoned before its picture was drawn", "AbortError");

export type CardPicturesOptions = {
  rasterise?: Rasterise;
  renders?: number;
  queue?: number;
  budgetMs?: number;
  cache?: { entries: number; bytes: number };
};

/** Same agent, same name, glyph and image: same picture. */
const keyOf = (agent: PictureAgent) =>
  `${agent.id}:${createHash("sha256")
    .update(`${agent.name}\u0000${agent.glyph}\u0000${agent.avatarUrl ?? ""}`)
    .digest("base64url")}`;

/** The card pictures of one process: queued, budgeted and kept, as this module's header says. */
export function createCardPictures(options: CardPicturesOptions = {}) {
  const rasterise = options.rasterise ?? rasteriseWithSharp;
  const budgetMs = options.budgetMs ?? CARD_PICTURE_BUDGET_MS;
  const queueMax = options.queue ?? CARD_PICTURE_QUEUE;
  const { entries, bytes } = options.cache ?? CARD_PICTURE_CACHE;
  const limit = pLimit(options.renders ?? CARD_PICTURE_RENDERS);
  const kept = new LRUCache<string, Buffer>({ max: entries, maxSize: bytes, sizeCalculation: (png) => png.length });
  const drawing = new Map<string, { waiting: number; done: Promise<Buffer> }>();

  /** The glyph-only picture: a fixed template and a few characters, cheap whatever the agent stored. */
  const glyphOnly = (agent: PictureAgent) => rasterise(pictureSvg(agent, true));

  /** The full picture within the budget, else the glyph-only one. The render keeps its turn until it ends. */
  const within = (agent: PictureAgent, render: Promise<Buffer>): Promise<Buffer> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), budgetMs);
      timer.unref();
    });
    return Promise.race([render, late])
      .catch(() => null)
      .then((png) => png ?? glyphOnly(agent))
      .finally(() => clearTimeout(timer));
  };

  function draw(agent: PictureAgent, key: string) {
    const job: { waiting: number; done: Promise<Buffer> } = { waiting: 0, done: Promise.resolve(Buffer.alloc(0)) };
    // Settles when the render starts (boxed: a promise resolved with a promise would wait for it).
    const turn = new Promise<{ render: Promise<Buffer> }>((resolve, reject) => {
      void limit(() => {
        // Everyone who asked has gone: nothing is drawn.
        if (job.waiting === 0) {
          reject(abortError());
          return undefined;
        }
        const render = rasterise(pictureSvg(agent));
        resolve({ render });
        return render.catch(() => undefined);
      });
    });
    job.done = turn
      .then(({ render }) => within(agent, render))
      .then((png) => {
        kept.set(key, png);
        return png;
      })
      .finally(() => drawing.delete(key));
    // Settled for whoever still waits; nobody waiting is no unhandled rejection.
    job.done.catch(() => undefined);
    drawing.set(key, job);
    return job;
  }

  return {
    /** The agent's card picture; rejects with an AbortError when `signal` aborts first. */
    async picture(agent: PictureAgent, signal?: AbortSignal): Promise<Buffer> {
      const key = keyOf(agent);
      const cached = kept.get(key);
      if (cached) return cached;
      signal?.throwIfAborted();
      const job = drawing.get(key) ?? (limit.pendingCount >= queueMax ? null : draw(agent, key));
      if (!job) return glyphOnly(agent);
      job.waiting += 1;
      if (!signal) return job.done;
      return new Promise<Buffer>((resolve, reject) => {
        const leave = () => {
          job.waiting -= 1;
          reject(abortError());
        };
        signal.addEventListener("abort", leave, { once: true });
        job.done.then(resolve, reject).finally(() => signal.removeEventListener("abort", leave));
      });
    },
  };
}

export type CardPictures = ReturnType<typeof createCardPictures>;
