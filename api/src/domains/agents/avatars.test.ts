// Uploaded avatars over real HTTP on both databases: the creator's image comes back re-encoded
// (a square WebP of at most 512 px, from the database), anyone else is refused, and a file that
// is no picture, a document that claims to be one, or an image over the limit is a 400 saying so.
import { deflateSync } from "node:zlib";
import encodeChunks from "png-chunks-encode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { AVATAR_MAX_BYTES, AVATAR_MAX_INPUT_PIXELS, AVATAR_TOO_LARGE, NOT_AN_IMAGE, reencodeAvatar } from "./avatars.ts";
import { NOT_YOURS } from "./creators.ts";

const VISITOR = { "x-nomina-visitor": "avatar-test-visitor-key-0123456789" };
const STRANGER = { "x-nomina-visitor": "avatar-test-stranger-key-987654321" };

/** A black grey-scale PNG of `side` x `side` pixels: zeros compress a thousandfold, so a few KB decode to megapixels. */
const blackPng = (side: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; colour type 0, grey
  return Buffer.from(
    encodeChunks([
      { name: "IHDR", data: header },
      { name: "IDAT", data: deflateSync(Buffer.alloc((side + 1) * side), { level: 9 }) },
      { name: "IEND", data: new Uint8Array() },
    ]),
  );
};

// Issue #26: an upload's cost is bounded before any decoding.
describe("re-encoding an avatar", () => {
  it("refuses a file over the size limit before sharp reads it, though sharp would read it", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#553399" } })
      .png()
      .toBuffer();
    const padded = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    expect(padded.length).toBe(AVATAR_MAX_BYTES + 1);
    expect((await sharp(padded).metadata()).format).toBe("png");
    await expect(reencodeAvatar(padded)).rejects.toMatchObject({ message: AVATAR_TOO_LARGE, field: "avatar" });
  });

  it("refuses an image of more pixels than the limit from its header, before decoding any", async () => {
    const side = 6_400;
    expect(side * side).toBeGreaterThan(AVATAR_MAX_INPUT_PIXELS);
    const bomb = blackPng(side);
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES / 20);
    // A valid image, which sharp's own default limit would decode.
    expect(await sharp(bomb).metadata()).toMatchObject({ format: "png", width: side, height: side });
    await expect(reencodeAvatar(bomb)).rejects.toMatchObject({ message: NOT_AN_IMAGE, field: "avatar" });
  });
});

describe.each(databaseKinds)("agent avatars on %s", (kind) => {
  let app: TestApp;
  let agent: Json;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const response = await app.request(
      "POST",
      "/api/agents",
      { name: "Portrait Keeper", glyph: "◎", personality: "Sits for portraits and remembers every face.", apiModel: "gemini" },
      VISITOR,
    );
    agent = await response.json();
  });
  afterAll(() => app?.stop());

  const upload = async (body: Buffer, type: string, headers: Record<string, string> = VISITOR) => {
    const response = await fetch(`${app.url}/api/agents/${agent.id}/avatar`, {
      method: "PUT",
      headers: { "content-type": type, ...headers },
      body: new Uint8Array(body),
    });
    const json: Json = await response.json();
    return { status: response.status, body: json };
  };

  it("re-encodes the creator's image as a square WebP served from the database", async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#553399" } })
      .jpeg()
      .toBuffer();
    const uploaded = await upload(photo, "image/jpeg");
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.agent.avatar).toMatch(new RegExp(`^/api/agents/${agent.id}/avatar\\?v=\\d+$`));
    const served = await app.request("GET", uploaded.body.agent.avatar);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect((await (await app.request("GET", `/api/agents/${agent.id}`)).json()).agent.avatar).toBe(uploaded.body.agent.avatar);
  });

  it("refuses anyone but the creator, and every file that is not a picture or is too large, changing nothing", async () => {
    const before = (await (await app.request("GET", `/api/agents/${agent.id}`)).json()).agent.avatar;
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#000" } })
      .png()
      .toBuffer();
    expect(await upload(png, "image/png", STRANGER)).toMatchObject({ status: 403, body: { message: NOT_YOURS } });
    expect(await upload(png, "image/png", {})).toMatchObject({ status: 403 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const [body, type] of [
      [Buffer.from("certainly an image"), "image/png"],
      [svg, "image/svg+xml"],
      [png.subarray(0, 40), "image/png"],
    ] as const) {
      expect(await upload(body, type), type).toMatchObject({ status: 400, body: { message: NOT_AN_IMAGE, field: "avatar" } });
    }
    expect(await upload(Buffer.alloc(3 * 1024 * 1024, 1), "image/png")).toMatchObject({ status: 400, body: { message: AVATAR_TOO_LARGE, field: "avatar" } });
    expect(await upload(png, "text/plain")).toMatchObject({ status: 415 });
    expect((await (await app.request("GET", `/api/agents/${agent.id}`)).json()).agent.avatar).toBe(before);
    expect((await app.request("GET", "/api/agents/01950000-0000-7000-8000-000000000000/avatar")).status).toBe(404);
  });
});
