// GraphQL answers (JSON) over 1 KB go out compressed when the client takes it: br, else gzip
// (#21). Only a whole answer is: a subscription's or an incremental delivery's stream
// (text/event-stream, multipart/mixed) is sent as each part comes, never held back to compress.
// Yoga's useContentEncoding (@whatwg-node/server) would compress those too, and inflate request
// bodies past the edge's size limit.
import type { Plugin } from "graphql-yoga";
import { chooseEncoding, COMPRESS_THRESHOLD, compressBody, isCompressibleAnswer, varyOnEncoding } from "../compression.ts";

export function compressAnswers(): Plugin {
  return {
    async onResponse(payload) {
      const { request, response, fetchAPI } = payload;
      if (
        request.method === "HEAD" ||
        !response.body ||
        response.headers.has("Content-Encoding") ||
        !isCompressibleAnswer(response.headers.get("Content-Type"))
      )
        return;
      const declared = response.headers.get("Content-Length");
      if (declared !== null && Number(declared) < COMPRESS_THRESHOLD) return;
      const body = new Uint8Array(await response.arrayBuffer());
      const headers = new fetchAPI.Headers(response.headers);
      let sent: Uint8Array<ArrayBuffer> = body;
      if (body.length >= COMPRESS_THRESHOLD) {
        headers.set("Vary", varyOnEncoding(headers.get("Vary")));
        const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
        if (encoding) {
          sent = new Uint8Array(await compressBody(body, encoding));
          headers.set("Content-Encoding", encoding);
        }
      }
      headers.set("Content-Length", String(sent.length));
      payload.setResponse(new fetchAPI.Response(sent, { status: response.status, statusText: response.statusText, headers }));
    },
  };
}
