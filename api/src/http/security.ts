// Headers every response carries. Only /embed/* may be framed by other sites.
import type { MiddlewareHandler } from "hono";

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const embeddable = c.req.path.startsWith("/embed/");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("Content-Security-Policy", `frame-ancestors ${embeddable ? "*" : "'none'"}`);
  if (!embeddable) c.header("X-Frame-Options", "DENY");
};
