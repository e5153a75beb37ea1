// Serves the built web app: files as they are, the app's routes with index.html, and any
// other path with index.html under a real 404 status (the app then shows its 404 page).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { isAppRoute } from "../../../web/src/routes/paths.ts";

const NOT_BUILT = "The web app has not been built: run `npm run build` (npm start does it for you).";

export function webApp(webDist: string) {
  const web = new Hono();
  let shell: Promise<string> | undefined;
  const indexHtml = () => (shell ??= readFile(path.join(webDist, "index.html"), "utf8"));

  // Hashed bundles never change; everything else is revalidated.
  web.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  if (existsSync(webDist)) web.use("*", serveStatic({ root: webDist }));

  web.get("*", async (c) => {
    const status = isAppRoute(c.req.path) ? 200 : 404;
    if (status === 404 && path.extname(c.req.path)) return c.text("Not found", 404);
    const html = await indexHtml().catch(() => undefined);
    if (html === undefined) {
      shell = undefined;
      return c.text(NOT_BUILT, 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(html, status);
  });
  return web;
}
