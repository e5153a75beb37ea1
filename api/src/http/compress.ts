// JSON and HTML answers of the router (REST, pages) over 1 KB go out compressed when the client
// takes it (br, else gzip), as GraphQL's do (compression.ts does both). Hono's own compress
// middleware cannot be told a size for a body of unknown length (it compresses every JSON answer,
// however small) and speaks no brotli; a streamed answer (text/event-stream) is never touched.
import type { MiddlewareHandler } from "hono";
import { compressedAnswer } from "../compression.ts";

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = await compressedAnswer(c.req.method, c.req.header("Accept-Encoding"), c.res, { Headers, Response });
    if (!answer) return;
    c.res = undefined;
    c.res = answer;
  };
}
