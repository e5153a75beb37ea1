// A generated glyph kept as the agent's avatarUrl: small inert SVG data URLs are stored through
// GraphQL and REST alike; anything that could run, load or bloat is refused and stores nothing.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { startServerProcess } from "../../../test/process.ts";
import { GLYPH_IMAGE_INVALID, GLYPH_IMAGE_MAX } from "@nomina/shared/glyph-image";
import { isInertSvgDataUrl } from "./glyph-image.ts";

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
const SIGIL = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><radialGradient id="g"><stop offset="0" stop-color="#8be9fd"/></radialGradient></defs><circle cx="60" cy="60" r="40" fill="url(#g)" stroke="#c084fc"/><use href="#g"/></svg>`;

describe("isInertSvgDataUrl", () => {
  it("accepts an SVG that only references itself", () => {
    expect(isInertSvgDataUrl(dataUrl(SIGIL))).toBe(true);
    expect(isInertSvgDataUrl(dataUrl(`<?xml version="1.0"?>\n${SIGIL}\n`))).toBe(true);
  });

  it.each([
    ["script", `<svg><script>alert(1)</script></svg>`],
    ["an event handler", `<svg onload="alert(1)"></svg>`],
    ["a handler on a child", `<svg><circle r="1" onclick ="x()"/></svg>`],
    ["an external link", `<svg><image href="https://evil.example/x.png"/></svg>`],
    ["an external xlink", `<svg><use xlink:href='http://evil.example/s.svg#a'/></svg>`],
    ["an encoded link", `<svg><use href="&#35;a"/></svg>`],
    ["an external url()", `<svg><rect fill="url(https://evil.example/p)"/></svg>`],
    ["a javascript: url", `<svg><a href="javascript:alert(1)"><text>x</text></a></svg>`],
    ["an embedded document", `<svg><foreignObject><div/></foreignObject></svg>`],
    ["an entity", `<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>`],
    ["a style import", `<svg><style>@import 'https://evil.example/c.css';</style></svg>`],
    ["something else than SVG", `<html><body>hello</body></html>`],
  ])("refuses %s", (_what, svg) => {
    expect(isInertSvgDataUrl(dataUrl(svg))).toBe(false);
  });

  it("refuses other data URLs and broken base64", () => {
    expect(isInertSvgDataUrl(`data:image/png;base64,${Buffer.from(SIGIL).toString("base64")}`)).toBe(false);
    expect(isInertSvgDataUrl(`data:image/svg+xml;utf8,${SIGIL}`)).toBe(false);
    expect(isInertSvgDataUrl("data:image/svg+xml;base64,PHN2Zz4*")).toBe(false);
    expect(isInertSvgDataUrl("https://example.com/glyph.svg")).toBe(false);
  });
});

const FORGE = `mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { rawId avatarUrl } } }`;
const REMIX = `mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { rawId avatarUrl } } }`;
const essence = { glyph: "✶", personality: "Carries a sigil drawn by the Glyph Forge.", apiModel: "gemini" };

describe.each(databaseKinds)("a generated glyph as avatarUrl on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());
  const stored = (id: string) => app.db.prisma.agent.findUniqueOrThrow({ where: { id } }).then((agent) => agent.avatarUrl);

  it("is stored when forging through GraphQL or REST, and read back", async () => {
    const viaGraph = await app.graphql<{ forgeAgent: { agent: { rawId: string; avatarUrl: string } } }>(FORGE, {
      input: { name: "Sigil Bearer", ...essence, avatarUrl: dataUrl(SIGIL) },
    });
    expect(viaGraph.errors).toBeUndefined();
    expect(viaGraph.data!.forgeAgent.agent.avatarUrl).toBe(dataUrl(SIGIL));
    expect(await stored(viaGraph.data!.forgeAgent.agent.rawId)).toBe(dataUrl(SIGIL));

    const viaRest = await app.request("POST", "/api/agents", { name: "Sigil Bearer Two", ...essence, avatarUrl: dataUrl(SIGIL) });
    expect(viaRest.status).toBe(201);
    expect((await viaRest.json()).avatarUrl).toBe(dataUrl(SIGIL));

    const without = await app.request("POST", "/api/agents", { name: "Plain Bearer", ...essence });
    expect((await without.json()).avatarUrl).toBeNull();
  });

  it("is stored on a remix, which does not inherit its parent's", async () => {
    const parent = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "sigil-bearer" } });
    const remix = {
      parentAgentId: encodeGlobalID("Agent", parent.id),
      description: "A second sigil, redrawn.",
      personality: "Wears the sigil the remixer forged for it.",
    };
    const withGlyph = await app.graphql<{ remixAgent: { agent: { avatarUrl: string } } }>(REMIX, {
      input: { ...remix, name: "Sigil Heir", avatarUrl: dataUrl(SIGIL) },
    });
    expect(withGlyph.data!.remixAgent.agent.avatarUrl).toBe(dataUrl(SIGIL));
    const withoutGlyph = await app.graphql<{ remixAgent: { agent: { avatarUrl: string | null } } }>(REMIX, { input: { ...remix, name: "Sigil Heir Bare" } });
    expect(withoutGlyph.data!.remixAgent.agent.avatarUrl).toBeNull();
  });

  it("refuses an active, foreign or oversized image with 400 and stores nothing", async () => {
    const before = await app.db.prisma.agent.count();
    const oversized = dataUrl(`<svg>${"<g/>".repeat(GLYPH_IMAGE_MAX / 4)}</svg>`);
    for (const [avatarUrl, message] of [
      [dataUrl(`<svg onload="alert(1)"></svg>`), GLYPH_IMAGE_INVALID],
      ["https://example.com/glyph.png", GLYPH_IMAGE_INVALID],
      [oversized, "Glyph image is too large"],
    ] as const) {
      const rest = await app.request("POST", "/api/agents", { name: "Refused Bearer", ...essence, avatarUrl });
      expect(rest.status).toBe(400);
      expect((await rest.json()).message).toBe(message);
      const graph = await app.graphql(FORGE, { input: { name: "Refused Bearer", ...essence, avatarUrl } });
      expect(graph.errors?.[0]?.message).toBe(message);
    }
    expect(await app.db.prisma.agent.count()).toBe(before);
  });

  // Issue #26: a url() pattern that backtracked cubically (15,000 spaces would have held the event
  // loop for about 19 minutes), and a 1.3 KB fan-out of <use> over a blurred rect that took 20 s to
  // rasterise. Both are refused at once, with the spec's message, on both APIs.
  it("refuses the url() backtracking image and a <use> fan-out on both APIs, storing nothing", async () => {
    const before = await app.db.prisma.agent.count();
    const backtracking = dataUrl(`<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(${" ".repeat(14_800)}x"/></svg>`);
    expect(backtracking.length).toBeLessThanOrEqual(GLYPH_IMAGE_MAX);
    const fanOut = dataUrl(
      `<svg xmlns="http://www.w3.org/2000/svg"><defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs><rect id="r" width="120" height="120" filter="url(#f)"/>` +
        ["r", "a", "b"].map((below, i) => `<g id="${"abc"[i]}">${`<use href="#${below}"/>`.repeat(10)}</g>`).join("") +
        `</svg>`,
    );
    for (const avatarUrl of [backtracking, fanOut]) {
      const rest = await app.request("POST", "/api/agents", { name: "Costly Bearer", ...essence, avatarUrl });
      expect(rest.status).toBe(400);
      expect((await rest.json()).message).toBe(GLYPH_IMAGE_INVALID);
      const graph = await app.graphql(FORGE, { input: { name: "Costly Bearer", ...essence, avatarUrl } });
      expect(graph.errors?.[0]?.message).toBe(GLYPH_IMAGE_INVALID);
    }
    expect(await app.db.prisma.agent.count()).toBe(before);
  });
});

/**
 * The first image after a start (#42 finding 8): jsdom, loaded at the first image, held every
 * request for 1 to 4 s. The check is now made before the server listens, which its log shows in
 * order; what it adds to a start is measured where timings belong (npm run bench -- startup).
 */
describe.each(databaseKinds)("the first glyph image after a start, on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it("is checked by a check made before the server listened", async () => {
    database = await createTestDatabase(kind);
    const server = await startServerProcess(database, { LOG_LEVEL: "debug" });
    try {
      const forge = async (name: string, avatarUrl?: string) => {
        const response = await fetch(`${server.url}/api/agents`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, ...essence, avatarUrl }),
        });
        expect(response.status, await response.text()).toBe(201);
      };
      await forge("First Sigil After Start", dataUrl(SIGIL));
      // Made before the server listened, not at the first image.
      const lines = server.output().split("\n");
      const ready = lines.findIndex((line) => line.includes("the glyph image check is ready"));
      expect(ready).toBeGreaterThanOrEqual(0);
      expect(ready).toBeLessThan(lines.findIndex((line) => line.includes("nomina is listening")));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
