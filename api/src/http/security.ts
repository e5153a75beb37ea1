// Headers every response carries, set by helmet at the edge (edge.ts) for every path alike.
// The content security policy names what the app and the embed load: their own scripts and
// styles (Emotion writes style tags at run time, hence 'unsafe-inline' for styles only), images
// and fonts from the app or data: URLs (glyph images, avatars), and calls to the same origin,
// WebSocket included. Only /embed/* may be framed by other sites.
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/**
 * Whether the request is for the embed page itself: decided on the path as URL resolution
 * normalises it (dot segments resolved, as routing and the browser see it), and only for the
 * route's exact shape, `/embed/{agentId}`, so no other page can be reached framed through a
 * path that merely begins with /embed/ (`/embed/x/../../the-named`, `/embed/x/y`).
 */
function isEmbed(request: IncomingMessage): boolean {
  let pathname: string;
  try {
    pathname = new URL(request.url ?? "/", "http://nomina.invalid").pathname;
  } catch {
    return false;
  }
  return EMBED_PATH.test(pathname);
}

const EMBED_PATH = /^\/embed\/[^/]+\/?$/;

/** A Host header that can be written into a header value: a name or address and a port. */
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/** The page's own WebSocket origin: CSP's 'self' covers ws: only in newer browsers. */
function socketSources(request: IncomingMessage): string {
  const host = request.headers.host;
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : "";
}

// GraphiQL is the web app's own bundle (the curator console's explorer: Monaco, its workers,
// styles and fonts inlined as data: URLs), so it needs nothing beyond this policy; development's
// GET /graphql only sends a browser there.
export function securityHeaders() {
  const strict = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", (request) => socketSources(request)],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [(request) => (isEmbed(request) ? "*" : "'none'")],
      },
    },
    // An embed is a page another site frames: the frame-ancestors directive decides that.
    xFrameOptions: false,
    // Plain HTTP on localhost by default; a TLS proxy in front sets HSTS itself.
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  return (request: IncomingMessage, response: ServerResponse) => {
    strict(request, response, () => {});
    if (!isEmbed(request)) response.setHeader("X-Frame-Options", "DENY");
  };
}
