// The built web app's files (#21): sent precompressed (the build writes a .br and a .gz beside
// each script, style sheet and font worth it; web/vite.config.ts) in the best encoding the
// client takes, br before gzip before none, with Vary: Accept-Encoding. Each variant has its
// own length and its own strong ETag (of its size and time), and a matching If-None-Match is a
// 304. A path that names no file (or a directory) is left to the routes after this one.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { chooseEncoding, type Encoding } from "../compression.ts";

const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Types the build precompresses (and so may have variants): text, scripts, styles, uncompressed fonts. */
const PRECOMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml|image\/x-icon|font\/(ttf|otf))/;

const fileStats = (file: string) =>
  stat(file).then(
    (stats) => (stats.isFile() ? stats : undefined),
    () => undefined,
  );

export function staticFiles(root: string): MiddlewareHandler {
  const base = path.resolve(root);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let name: string;
    try {
      name = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    // No dot segments, backslashes, NULs or doubled slashes: nothing outside the build is reachable.
    if (/(^|[/\\])\.{1,2}($|[/\\])|[/\\]{2,}|\\|\0/.test(name)) return next();
    // Source maps (with the sources in them) stay on the server for operators; no visitor needs them.
    if (/\.map$/i.test(name)) return next();
    const file = path.join(base, name);
    if (!file.startsWith(base + path.sep)) return next();
    const plain = await fileStats(file);
    if (!plain) return next();

    const type = getMimeType(file) ?? "application/octet-stream";
    const varies = PRECOMPRESSIBLE.test(type);
    let sent = { file, stats: plain, encoding: null as Encoding | null };
    if (varies) {
      const preferred = chooseEncoding(c.req.header("Accept-Encoding"));
      // br if taken and built; else gzip if taken and built; else the file itself.
      for (const encoding of preferred === "br" ? (["br", "gzip"] as const) : preferred === "gzip" ? (["gzip"] as const) : []) {
        if (chooseEncoding(c.req.header("Accept-Encoding"), [encoding]) === null) continue;
        const stats = await fileStats(file + SUFFIX[encoding]);
        if (stats) {
          sent = { file: file + SUFFIX[encoding], stats, encoding };
          break;
        }
      }
    }
    const etag = `"${sent.stats.size.toString(36)}-${Math.floor(sent.stats.mtimeMs).toString(36)}${sent.encoding ? `-${sent.encoding}` : ""}"`;
    c.header("Content-Type", type);
    c.header("ETag", etag);
    c.header("Last-Modified", sent.stats.mtime.toUTCString());
    if (varies) c.header("Vary", "Accept-Encoding");
    if (sent.encoding) c.header("Content-Encoding", sent.encoding);
    const match = c.req.header("If-None-Match");
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
      c.header("Content-Type", undefined);
      c.header("Content-Encoding", undefined);
      return c.body(null, 304);
    }
    c.header("Content-Length", String(sent.stats.size));
    if (c.req.method === "HEAD") return c.body(null, 200);
    const stream = Readable.toWeb(createReadStream(sent.file)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200);
  };
}
