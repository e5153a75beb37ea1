// GraphQL answers (JSON) over 1 KB go out compressed when the client takes it: br, else gzip
// (#21), as the router's do (compression.ts does both). Only a whole answer is: a subscription's
// or an incremental delivery's stream (text/event-stream, multipart/mixed) is sent as each part
// comes, never held back to compress. Yoga's useContentEncoding (@whatwg-node/server) would
// compress those too, and inflate request bodies past the edge's size limit.
import type { Plugin } from "graphql-yoga";
import { compressedAnswer } from "../compression.ts";

export function compressAnswers(): Plugin {
  return {
    async onResponse(payload) {
      const { request, response, fetchAPI } = payload;
      const answer = await compressedAnswer(request.method, request.headers.get("Accept-Encoding"), response, fetchAPI);
      if (answer) payload.setResponse(answer);
    },
  };
}
