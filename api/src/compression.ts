// Compressing answers on the way out (#21): which encoding a client takes (br before gzip before
// none, by its Accept-Encoding), and a body compressed in it. Neutral ground: the static server
// and the REST shim (http/) and GraphQL (graphql/) each use it without importing one another.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip";

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

type PreferringNegotiator = { encodings(available: string[], options: { preferred: string[] }): string[] };

/**
 * The encoding `header` (Accept-Encoding) takes, as `negotiator` reads it (q-values, `*`, q=0
 * refusing one); br first when it takes both alike; null: identity.
 */
export function chooseEncoding(header: string | null | undefined, offered: readonly Encoding[] = ["br", "gzip"]): Encoding | null {
  if (!header) return null;
  // negotiator 1's `preferred` (ties go to br) is newer than its published types.
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } }) as unknown as PreferringNegotiator;
  const [chosen] = negotiator.encodings([...offered], { preferred: [...offered] });
  return offered.find((encoding) => encoding === chosen) ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `body` compressed for the wire, off the event loop. Brotli at quality 4 and gzip at 6: for
 * answers made per request, the ratio nearly of the top levels at a fraction of their time.
 */
export function compressBody(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/** Answers worth compressing on the fly: JSON (GraphQL's among them) and HTML. Never a stream (text/event-stream, multipart). */
export const isCompressibleAnswer = (contentType: string | null | undefined) =>
  /^\s*(application\/(json|graphql-response\+json|[\w.-]+\+json)|text\/html)\s*(;|$)/i.test(contentType ?? "");

/** `vary` with Accept-Encoding added (once). */
export const varyOnEncoding = (vary: string | null | undefined) =>
  !vary ? "Accept-Encoding" : /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;

type FetchApi = { Headers: typeof Headers; Response: typeof Response };

/**
 * A whole answer (JSON or HTML, 1 KB or more) compressed for a client whose Accept-Encoding is
 * `accept`: the router's (REST, pages) and GraphQL's alike. Null when it goes as it is without
 * being read (a HEAD, a stream, an encoded, small or no-transform answer); once read, the answer
 * comes back whole with its length, compressed or not. A strong ETag becomes weak once encoded.
 */
export async function compressedAnswer(method: string, accept: string | null | undefined, response: Response, fetchApi: FetchApi): Promise<Response | null> {
  if (method === "HEAD" || !response.body || response.headers.has("Content-Encoding") || !isCompressibleAnswer(response.headers.get("Content-Type")))
    return null;
  if (/(^|,)\s*no-transform\s*(,|$)/i.test(response.headers.get("Cache-Control") ?? "")) return null;
  const declared = response.headers.get("Content-Length");
  if (declared !== null && Number(declared) < COMPRESS_THRESHOLD) return null;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new fetchApi.Headers(response.headers);
  let sent: Uint8Array<ArrayBuffer> = body;
  if (body.length >= COMPRESS_THRESHOLD) {
    headers.set("Vary", varyOnEncoding(headers.get("Vary")));
    const encoding = chooseEncoding(accept);
    if (encoding) {
      sent = new Uint8Array(await compressBody(body, encoding));
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
  }
  headers.set("Content-Length", String(sent.length));
  return new fetchApi.Response(sent, { status: response.status, statusText: response.statusText, headers });
}
