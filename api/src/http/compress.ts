// JSON and HTML answers of the router (REST, pages) over 1 KB go out compressed when the client
// takes it (br, else gzip). Hono's own compress middleware cannot be told a size for a body of
// unknown length (it compresses every JSON answer, however small) and speaks no brotli; a
// streamed answer (text/event-stream) is never touched, so that it is not held back.
import type { MiddlewareHandler } from "hono";
import { chooseEncoding, COMPRESS_THRESHOLD, compressBody, isCompressibleAnswer, varyOnEncoding } from "../compression.ts";

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body || res.headers.has("Content-Encoding") || !isCompressibleAnswer(res.headers.get("Content-Type"))) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get("Cache-Control") ?? "")) return;
    const declared = res.headers.get("Content-Length");
    if (declared !== null && Number(declared) < COMPRESS_THRESHOLD) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const encoding = body.length >= COMPRESS_THRESHOLD ? chooseEncoding(c.req.header("Accept-Encoding")) : null;
    if (body.length >= COMPRESS_THRESHOLD) headers.set("Vary", varyOnEncoding(headers.get("Vary")));
    let sent: Uint8Array<ArrayBuffer> = body;
    if (encoding) {
      sent = new Uint8Array(await compressBody(body, encoding));
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(sent.length));
    c.res = undefined;
    c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
  };
}
