// Serves the built web app: files as they are, the app's routes with index.html, and any
// other path with index.html under a real 404 status (the app then shows its 404 page).
// Shared whispers and agent profiles get their title and Open Graph tags in that HTML, so that
// link previews work without JavaScript.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Hono, type Context } from "hono";
import { agentMeta, conversationMeta, councilSessionMeta, whisperMeta, type PageMeta } from "@nomina/shared/meta";
import { isAppRoute } from "@nomina/shared/paths";
import { visitor } from "../actor.ts";
import type { Logger } from "../logger.ts";
import type { Services } from "../services.ts";
import { embeddingHost } from "../domains/notifications/service.ts";
import { compressAnswers } from "./compress.ts";
import { withPageMeta, type PageTags } from "./page-meta.ts";
import { staticFiles } from "./static-files.ts";

const NOT_BUILT = "The web app has not been built: run `npm run build` (npm start does it for you).";

/** What the pages with previews read: a whisper, an agent or a shared conversation, found by the id in the URL; and where embeds are seen. */
export type PageServices = Pick<Services, "whispers" | "agents" | "conversations" | "council"> & Partial<Pick<Services, "notifications">>;

type Found = { meta: PageMeta; type: PageTags["type"] } | null;

export function webApp(webDist: string, services: PageServices, log?: Logger, publicUrl?: string) {
  const web = new Hono();
  let shell: Promise<string> | undefined;
  const indexHtml = () => (shell ??= readFile(path.join(webDist, "index.html"), "utf8"));

  const page = async (c: Context, status: 200 | 404, tags?: PageTags) => {
    const html = await indexHtml().catch(() => undefined);
    if (html === undefined) {
      shell = undefined;
      return c.text(NOT_BUILT, 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(tags ? withPageMeta(html, tags) : html, status);
  };

  /** A page about one thing: its tags when it exists, a 404 when it does not. */
  const previewed = (find: (c: Context) => Promise<Found>) => async (c: Context) => {
    let found: Found;
    try {
      found = await find(c);
    } catch (error) {
      // The page still works without its preview tags (the app fetches the data itself).
      log?.warn({ err: error, path: c.req.path }, "could not read a page's preview");
      return page(c, 200);
    }
    if (!found) return page(c, 404);
    return page(c, 200, { ...found.meta, type: found.type, url: new URL(c.req.path, c.req.url).toString() });
  };

  // Hashed bundles never change; everything else is revalidated.
  web.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  if (existsSync(webDist)) web.use("*", staticFiles(webDist));
  // The pages' HTML (the app's shell, with its preview tags) is made per request: compressed as it goes.
  web.use("*", compressAnswers());

  web.get(
    "/whisper/:id",
    previewed(async (c) => {
      // A link's preview is for anyone: only a whisper anyone may read is described.
      const whisper = await services.whispers.find(c.req.param("id") ?? "", visitor(""), { select: { agentName: true, response: true } });
      return whisper && { meta: whisperMeta(whisper), type: "article" };
    }),
  );
  const agentPage = previewed(async (c) => {
    const ref = c.req.param("ref") ?? "";
    const agent = await services.agents.findByRef(ref, { select: { name: true, description: true, personality: true } });
    return agent && { meta: agentMeta(agent), type: "profile" };
  });
  web.get("/agents/:ref", agentPage);
  web.get("/agent/:ref", agentPage);
  // Only a shared conversation or Council session is previewed; a private one is its owner's
  // browser's business, and its page is served all the same (the owner's browser reads it).
  const sharedPage =
    <T>(find: (id: string) => Promise<T | null>, metaOf: (found: T) => PageMeta) =>
    async (c: Context) => {
      const found = await find(c.req.param("id") ?? "").catch((error: unknown) => {
        log?.warn({ err: error, path: c.req.path }, "could not read a page's preview");
        return null;
      });
      return page(c, 200, found ? { ...metaOf(found), type: "article", url: new URL(c.req.path, c.req.url).toString() } : undefined);
    };
  web.get(
    "/conversations/:id",
    sharedPage((id) => services.conversations.preview(id), conversationMeta),
  );
  web.get(
    "/summon/:id",
    sharedPage((id) => services.council.sessions.preview(id), councilSessionMeta),
  );

  // An embed framed by another site (its Referer's host, #30 item 5): the first time from a host,
  // the agent's owner hears of the new site. Its failure is logged there: the widget is served all the same.
  const ownHosts = publicUrl ? [new URL(publicUrl).host] : [];
  web.get("/embed/:agentId", async (c, next) => {
    const host = embeddingHost(c.req.header("referer"), [...ownHosts, new URL(c.req.url).host]);
    if (host && services.notifications) {
      const agent = await services.agents.findByRef(c.req.param("agentId"), { select: { id: true } }).catch(() => null);
      if (agent) await services.notifications.embedSeen(agent.id, host);
    }
    await next();
  });

  web.get("*", async (c) => {
    const status = isAppRoute(c.req.path) ? 200 : 404;
    // A missing bundle file is no page: a plain 404 keeps a stale script tag from loading HTML.
    if (status === 404 && c.req.path.startsWith("/assets/")) return c.text("Not found", 404);
    return page(c, status);
  });
  return web;
}
