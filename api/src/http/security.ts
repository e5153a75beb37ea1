// Headers every response carries, set by helmet at the edge (edge.ts) for every path alike.
// The content security policy names what the app and the embed load: their own scripts and
// styles (Emotion writes style tags at run time, hence 'unsafe-inline' for styles only), images
// and fonts from the app or data: URLs (glyph images, avatars), and calls to the same origin,
// WebSocket included. Only /embed/* may be framed by other sites.
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

const isEmbed = (request: IncomingMessage) => (request.url ?? "").startsWith("/embed/");

/** A Host header that can be written into a header value: a name or address and a port. */
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/** The page's own WebSocket origin: CSP's 'self' covers ws: only in newer browsers. */
function socketSources(request: IncomingMessage): string {
  const host = request.headers.host;
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : "";
}

export type SecurityOptions = {
  /** Development serves GraphiQL, which loads its code from a CDN: its page gets no CSP. */
  graphiql: boolean;
};

export function securityHeaders({ graphiql }: SecurityOptions) {
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
  const withoutCsp = helmet({ contentSecurityPolicy: false, xFrameOptions: false, strictTransportSecurity: false });
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? "/";
    const apply = graphiql && (path === "/graphql" || path.startsWith("/graphql?")) && request.method === "GET" ? withoutCsp : strict;
    apply(request, response, () => {});
    if (!isEmbed(request)) response.setHeader("X-Frame-Options", "DENY");
  };
}
