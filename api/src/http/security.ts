// Headers every response carries. Only /embed/* may be framed by other sites.
import type { MiddlewareHandler } from "hono";

export function securityHeaders(path: string): [name: string, value: string][] {
  const embeddable = path.startsWith("/embed/");
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Content-Security-Policy", `frame-ancestors ${embeddable ? "*" : "'none'"}`],
    ...(embeddable ? [] : [["X-Frame-Options", "DENY"] as [string, string]]),
  ];
}

export const securityHeadersMiddleware: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of securityHeaders(c.req.path)) c.header(name, value);
};
