// GET /metrics: the process's figures in Prometheus's text format, for operators only. It is
// served only when METRICS_TOKEN is set, and only to a scraper that sends it as a Bearer token;
// without the variable the path is no route at all (the web app's 404). It reads no database,
// so it answers while the database is down.
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { registry } from "../metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsRoutes(token: string) {
  const expected = digest(token);
  const routes = new Hono();
  routes.get("/metrics", async (c) => {
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ message: "A valid metrics token is required" }, 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  });
  return routes;
}
