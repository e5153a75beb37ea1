// An agent's uploaded avatar: any PNG, JPEG, WebP or GIF its creator sends, re-encoded by sharp
// (turned upright, cut to a square of at most 512 px, WebP), so that what is served is always an
// image Nomina made, never the uploaded bytes; kept in the database so every replica serves it.
import sharp from "sharp";
import type { Actor } from "../../actor.ts";
import type { Agent, PrismaClient } from "../../../generated/prisma/client.ts";
import { badInput, notFound } from "../../errors.ts";
import { isUuid } from "../../db/ids.ts";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = `The image is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB`;
export const NOT_AN_IMAGE = "The file is not an image Nomina can read (PNG, JPEG, WebP or GIF)";
const READABLE = new Set(["png", "jpeg", "webp", "gif"]);
const SIDE = 512;
/** Refused before decoding: a small file can claim a huge canvas. */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
/** What sharp reads an upload with: no more pixels than that, and nothing damaged (a warning fails it). */
const DECODING = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: "warning" } as const;

/** The avatar as served: a square WebP of at most 512 px a side. */
export async function reencodeAvatar(upload: Buffer): Promise<{ image: Buffer; width: number; height: number }> {
  // The size first: sharp sees nothing larger (the edge already refused a larger body, by its length).
  if (upload.length > AVATAR_MAX_BYTES) throw badInput(AVATAR_TOO_LARGE, "avatar");
  let format: string | undefined;
  try {
    format = (await sharp(upload, DECODING).metadata()).format;
  } catch {
    throw badInput(NOT_AN_IMAGE, "avatar");
  }
  // sharp reads SVG, PDF and more: an avatar is a picture, never a document.
  if (!format || !READABLE.has(format)) throw badInput(NOT_AN_IMAGE, "avatar");
  try {
    const { data, info } = await sharp(upload, { ...DECODING, animated: false })
      .rotate()
      .resize(SIDE, SIDE, { fit: "cover", withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height };
  } catch {
    throw badInput(NOT_AN_IMAGE, "avatar");
  }
}

/** `changeable`: the agent behind a reference, if the actor may change it (its creator's tools). */
export function createAvatars({ prisma, changeable }: { prisma: PrismaClient; changeable: (ref: string, actor: Actor) => Promise<Agent> }) {
  return {
    /** Sets one of the caller's agents' avatar; the agent's `avatar` becomes its address. */
    async upload(ref: string, upload: Buffer, actor: Actor): Promise<Agent> {
      const agent = await changeable(ref, actor);
      const { image, width, height } = await reencodeAvatar(upload);
      const row = { image: image.toString("base64"), contentType: "image/webp", width, height };
      const saved = await prisma.agentAvatar.upsert({ where: { agentId: agent.id }, create: { agentId: agent.id, ...row }, update: row });
      return prisma.agent.update({ where: { id: agent.id }, data: { avatar: `/api/agents/${agent.id}/avatar?v=${saved.updatedAt.getTime()}` } });
    },

    /** The stored avatar of an agent, by id: its bytes and content type. */
    async find(id: string): Promise<{ image: Buffer; contentType: string }> {
      const key = id.trim();
      const found = isUuid(key) ? await prisma.agentAvatar.findUnique({ where: { agentId: key } }) : null;
      if (!found) throw notFound("Avatar not found");
      return { image: Buffer.from(found.image, "base64"), contentType: found.contentType };
    },
  };
}
