// Shared whispers and agent profiles carry their own title and Open Graph tags in the HTML the
// server sends (so link previews work without JavaScript), with every piece of user text escaped.
import { copyFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import escapeHtml from "escape-html";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { cspDirective, startTestApp, type TestApp } from "../../test/harness.ts";
import { PROJECT_ROOT } from "../paths.ts";
import { withPageMeta } from "./page-meta.ts";

/** The real shell (web/index.html), so the tags it carries are the ones replaced. */
async function webDistWithShell(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "nomina-web-shell-"));
  await copyFile(path.join(PROJECT_ROOT, "web", "index.html"), path.join(dir, "index.html"));
  return dir;
}

const tag = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);
const titles = (html: string) => tag(html, /<title>([\s\S]*?)<\/title>/g);
const meta = (html: string, key: string) => tag(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, "g"));

describe.each(databaseKinds)("page previews on %s", (kind) => {
  let app: TestApp;
  let agent: { id: string; name: string; description: string };
  let whisper: { id: string; response: string };

  beforeAll(async () => {
    app = await startTestApp(kind, { webDist: await webDistWithShell() });
    const forged = await app.request("POST", "/api/agents", {
      name: `<script>alert("x")</script> & Co`,
      glyph: "✶",
      personality: "Tests that whatever it is called is escaped in the page.",
      apiModel: "claude",
    });
    expect(forged.status).toBe(201);
    agent = await forged.json();
    const invoked = await app.request("POST", `/api/agents/${agent.id}/invoke`, { message: "What is <b>your</b> name, $& $' ?" });
    expect(invoked.status).toBe(200);
    const body = await invoked.json();
    whisper = { id: body.whisper.id, response: body.response };
  });
  afterAll(() => app.stop());

  it("titles a shared whisper '{agent name} whispers' with the brand, the response's first 160 characters as its description", async () => {
    const response = await app.request("GET", `/whisper/${whisper.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = `${escapeHtml(agent.name)} whispers · Nomina`;
    // The first 160 characters, without a stop or space they may end on, then one ellipsis: never four dots.
    const description = escapeHtml(
      `${[...whisper.response]
        .slice(0, 160)
        .join("")
        .replace(/[\s.…]+$/u, "")}...`,
    );
    expect(titles(html)).toEqual([title]);
    expect(meta(html, "description")).toEqual([description]);
    expect(meta(html, "og:title")).toEqual([title]);
    expect(meta(html, "og:description")).toEqual([description]);
    expect(meta(html, "og:url")).toEqual([`${app.url}/whisper/${whisper.id}`]);
    expect(html).toContain('<div id="root"></div>');
    expect(cspDirective(response, "frame-ancestors")).toBe("'none'");
  });

  it("titles an agent's profile with its name and describes it, at /agents/{id} and /agent/{username}", async () => {
    for (const pathname of [`/agents/${agent.id}`, `/agent/${(agent as { username?: string }).username}`]) {
      const response = await app.request("GET", pathname);
      expect(response.status, pathname).toBe(200);
      const html = await response.text();
      expect(titles(html)).toEqual([`${escapeHtml(agent.name)} · Nomina`]);
      expect(meta(html, "og:title")).toEqual([`${escapeHtml(agent.name)} · Nomina`]);
      // The description its awakening drafted (it holds the name, so it is escaped too), cut at 160.
      expect(agent.description).toContain(agent.name);
      const description = [...agent.description].length > 160 ? `${[...agent.description].slice(0, 160).join("")}...` : agent.description;
      expect(meta(html, "og:description")).toEqual([escapeHtml(description)]);
      expect(meta(html, "og:url")).toEqual([`${app.url}${pathname}`]);
    }
  });

  it("previews a shared conversation with its title, agent and first answer, escaped; a private one not at all", async () => {
    const visitor = { "x-nomina-visitor": "page-preview-visitor-key-0123456789" };
    const invoked = await (await app.request("POST", `/api/agents/${agent.id}/invoke`, { message: "Is <i>this</i> & that a title?" }, visitor)).json();
    const id = invoked.conversation.id as string;
    const hidden = await app.request("GET", `/conversations/${id}`);
    expect(hidden.status).toBe(200); // the owner's browser reads it with its key; the page says nothing of it
    const hiddenHtml = await hidden.text();
    expect(hiddenHtml).not.toContain("that a title");
    expect(meta(hiddenHtml, "og:title").join(" ")).not.toContain("a title?");

    const shared = await app.graphql(
      `mutation ($input: ShareConversationInput!) { shareConversation(input: $input) { conversation { visibility } } }`,
      { input: { conversationId: id, visibility: "public" } },
      visitor,
    );
    expect(shared.errors).toBeUndefined();
    const html = await (await app.request("GET", `/conversations/${id}`)).text();
    const title = `${escapeHtml("Is <i>this</i> & that a title?")} · ${escapeHtml(agent.name)} · Nomina`;
    expect(titles(html)).toEqual([title]);
    expect(meta(html, "og:title")).toEqual([title]);
    expect(meta(html, "og:description")).toEqual([
      escapeHtml(
        `${[...(invoked.response as string)]
          .slice(0, 160)
          .join("")
          .replace(/[\s.…]+$/u, "")}...`,
      ),
    ]);
    expect(meta(html, "og:url")).toEqual([`${app.url}/conversations/${id}`]);
    expect(html).not.toContain("<i>this</i>");
  });

  it("previews a shared Council session with its question and the start of its synthesis, escaped; a private one not at all", async () => {
    const visitor = { "x-nomina-visitor": "page-preview-council-key-0123456789" };
    const asked = await (await app.request("POST", "/api/council/whisper", { prompt: "Is <b>this</b> & that worth asking?" }, visitor)).json();
    const id = asked.session.id as string;
    const hidden = await (await app.request("GET", `/summon/${id}`)).text();
    expect(hidden).not.toContain("worth asking");

    const shared = await app.graphql(
      `mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { visibility } } }`,
      { input: { sessionId: id, visibility: "public" } },
      visitor,
    );
    expect(shared.errors).toBeUndefined();
    const response = await app.request("GET", `/summon/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = `${escapeHtml("Is <b>this</b> & that worth asking?")} · The Council · Nomina`;
    expect(titles(html)).toEqual([title]);
    expect(meta(html, "og:title")).toEqual([title]);
    expect(meta(html, "og:description")).toEqual([escapeHtml(`${[...(asked.synthesis as string)].slice(0, 160).join("")}...`)]);
    expect(meta(html, "og:url")).toEqual([`${app.url}/summon/${id}`]);
    expect(html).not.toContain("<b>this</b>");
  });

  it("escapes user text: a <script> in an agent's name never reaches the page as markup", async () => {
    for (const pathname of [`/agents/${agent.id}`, `/whisper/${whisper.id}`]) {
      const html = await (await app.request("GET", pathname)).text();
      expect(html, pathname).not.toContain("<script>alert");
      expect(html, pathname).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
      // The only scripts are the app's own.
      expect(html.match(/<script\b/g)?.length ?? 0, pathname).toBe(1);
    }
  });

  it("answers a whisper or agent that does not exist with the app under a 404 and the product's own tags", async () => {
    for (const pathname of ["/whisper/01890000-0000-7000-8000-000000000000", "/whisper/not-an-id", "/agents/no-such-agent"]) {
      const response = await app.request("GET", pathname);
      expect(response.status, pathname).toBe(404);
      const html = await response.text();
      expect(titles(html), pathname).toEqual(["Nomina · Where non-human minds find their name"]);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it("still serves the page, without its preview, when the database cannot answer", async () => {
    const broken = await startTestApp(kind, { webDist: await webDistWithShell() });
    try {
      await broken.db.close();
      const response = await broken.request("GET", `/whisper/${whisper.id}`);
      expect(response.status).toBe(200);
      expect(titles(await response.text())).toEqual(["Nomina · Where non-human minds find their name"]);
    } finally {
      await broken.stop();
    }
  });
});

describe("withPageMeta", () => {
  it("takes replacement patterns in user text literally", () => {
    const html = withPageMeta("<head><title>x</title></head>", { title: "$& $' $`", description: "$1", url: "http://h/p" });
    expect(html).toContain("<title>$&amp; $&#39; $`</title>");
    expect(html).toContain('content="$1"');
  });
});
