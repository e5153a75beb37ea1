// Makes the screenshots kept in docs/screens small: Chromium's true-colour PNG, reduced to a
// 256-colour palette (median cut over 5-bit colours) and written as an 8-bit palette PNG.
// The cosmos' gradients banding a little is the price of files a tenth of the size.
import { deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Image = { width: number; height: number; rgb: Uint8Array };

function readPng(png: Buffer): Image {
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error("only 8-bit, non-interlaced PNGs are reduced");
      colourType = body[9]!;
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (!channels) throw new Error(`PNG colour type ${colourType} is not reduced`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[out + x - channels]! : 0;
      const up = y > 0 ? pixels[out - stride + x]! : 0;
      const corner = y > 0 && x >= channels ? pixels[out - stride + x - channels]! : 0;
      let value = row[x]!;
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      }
      pixels[out + x] = value & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < pixels.length; i += channels, j += 3) rgb.set(pixels.subarray(i, i + 3), j);
  return { width, height, rgb };
}

const key = (r: number, g: number, b: number) => ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);

/** Median cut over the 15-bit colour histogram: at most 256 colours, and a lookup per colour. */
function palette(image: Image): { colours: number[][]; lookup: Uint8Array } {
  const counts = new Uint32Array(1 << 15);
  for (let i = 0; i < image.rgb.length; i += 3) counts[key(image.rgb[i]!, image.rgb[i + 1]!, image.rgb[i + 2]!)]!++;
  const used = [...counts.keys()].filter((k) => counts[k]! > 0);
  const channel = (k: number, c: number) => (k >> (10 - 5 * c)) & 31;
  let boxes = [used];
  while (boxes.length < 256) {
    const index = boxes.findIndex((box) => box.length > 1);
    if (index < 0) break;
    const widest = boxes.reduce((best, box, i) => (box.length > 1 && box.length > (boxes[best]?.length ?? 0) ? i : best), index);
    const box = boxes[widest]!;
    const ranges = [0, 1, 2].map((c) => Math.max(...box.map((k) => channel(k, c))) - Math.min(...box.map((k) => channel(k, c))));
    const c = ranges.indexOf(Math.max(...ranges));
    box.sort((a, b) => channel(a, c) - channel(b, c));
    const total = box.reduce((sum, k) => sum + counts[k]!, 0);
    let running = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) if ((running += counts[box[cut - 1]!]!) >= total / 2) break;
    boxes = [...boxes.slice(0, widest), box.slice(0, cut), box.slice(cut), ...boxes.slice(widest + 1)];
  }
  const lookup = new Uint8Array(1 << 15);
  const colours = boxes.map((box, index) => {
    const sum = [0, 0, 0];
    let weight = 0;
    for (const k of box) {
      for (const c of [0, 1, 2]) sum[c]! += (channel(k, c) * 8 + 4) * counts[k]!;
      weight += counts[k]!;
      lookup[k] = index;
    }
    return sum.map((value) => Math.round(value / weight));
  });
  return { colours, lookup };
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** `png` as an 8-bit palette PNG of at most 256 colours. */
export function toPng8(png: Buffer): Buffer {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  const image = readPng(png);
  const { colours, lookup } = palette(image);
  const rows = Buffer.alloc((image.width + 1) * image.height);
  for (let y = 0, i = 0; y < image.height; y++) {
    const out = y * (image.width + 1);
    for (let x = 0; x < image.width; x++, i += 3) rows[out + 1 + x] = lookup[key(image.rgb[i]!, image.rgb[i + 1]!, image.rgb[i + 2]!)]!;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", Buffer.from(colours.flat())),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
