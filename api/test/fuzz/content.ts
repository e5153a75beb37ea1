// What a visitor stores for later readers (issue #26): glyph images (SVG), character cards (JSON
// with Nomina's extension, or PNG chunks around it) and the graph's nested lists. Generated
// hostile, weighted towards what once froze or drained the server: url( followed by runs of
// spaces, <use> fan-out over filters, megabyte personas, NULs and lone surrogates inside chunks,
// thousands of chunks, lists nested in lists.
import { crc32, deflateSync } from "node:zlib";
import fc from "fast-check";
import { anyString, anyValue, hugeString, nastyStrings } from "./values.ts";

const SVG_NS = "http://www.w3.org/2000/svg";
const TAGS = [
  "g",
  "rect",
  "circle",
  "path",
  "use",
  "defs",
  "filter",
  "feGaussianBlur",
  "feMorphology",
  "linearGradient",
  "stop",
  "symbol",
  "text",
  "style",
  "script",
  "foreignObject",
  "image",
  "a",
  "animate",
];
const ATTRIBUTES = [
  "id",
  "fill",
  "stroke",
  "href",
  "xlink:href",
  "filter",
  "transform",
  "d",
  "stdDeviation",
  "radius",
  "style",
  "onload",
  "x",
  "y",
  "width",
  "height",
  "r",
  "mask",
  "clip-path",
];

/** Attribute values: references inside and outside the image, numbers, runs of spaces, hostile text. */
const attributeValue = fc.oneof(
  fc.constantFrom(
    "url(#a)",
    "url( '#a' )",
    "url(#b)",
    "#a",
    "#b",
    "#missing",
    "url(http://evil.test/x)",
    "javascript:alert(1)",
    "red",
    "0",
    "100",
    "999999",
    "M0 0L10 10Z",
    "rotate(45)",
  ),
  fc.integer({ min: 1, max: 18_000 }).map((spaces) => `url(${" ".repeat(spaces)}`),
  fc.integer({ min: 1, max: 6_000 }).map((spaces) => `url(${" ".repeat(spaces)}#a${" ".repeat(spaces)})`),
  fc.integer({ min: 1, max: 3_000 }).map((count) => "url(".repeat(count)),
  anyString,
);

type Element = { tag: string; attributes: [string, string][]; children: readonly Element[] };

const element: fc.Arbitrary<Element> = fc.letrec<{ element: Element }>((tie) => ({
  element: fc.record({
    tag: fc.constantFrom(...TAGS),
    attributes: fc.array(fc.tuple(fc.constantFrom(...ATTRIBUTES), attributeValue), { maxLength: 4 }),
    children: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant<readonly Element[]>([]), fc.array(tie("element"), { maxLength: 4 })),
  }),
})).element;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const serialise = (node: Element): string =>
  `<${node.tag}${[...new Map(node.attributes)].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("")}>${node.children.map(serialise).join("")}</${node.tag}>`;

/** The fan-out that passed the first check: a blurred rect drawn through layers of <use>. */
const fanOut = fc.record({ layers: fc.integer({ min: 2, max: 6 }), width: fc.integer({ min: 2, max: 10 }) }).map(({ layers, width }) => {
  let svg = `<defs><filter id="f"><feGaussianBlur stdDeviation="50"/></filter><rect id="l0" width="100" height="100" filter="url(#f)"/>`;
  for (let layer = 1; layer <= layers; layer += 1)
    svg += `<g id="l${layer}">${Array.from({ length: width }, () => `<use href="#l${layer - 1}"/>`).join("")}</g>`;
  return `${svg}</defs><use href="#l${layers}"/>`;
});

const svgDataUrl = (inner: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">${inner}</svg>`).toString("base64")}`;

/** A glyph image as an avatarUrl: generated SVG trees, the known fan-out, a plain valid image, or any string. */
export const glyphImage: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .array(element, { maxLength: 5 })
      .map((nodes) => svgDataUrl(`<circle id="a" r="10"/><rect id="b" width="5" height="5"/>${nodes.map(serialise).join("")}`)),
  },
  { weight: 2, arbitrary: fanOut.map(svgDataUrl) },
  { weight: 1, arbitrary: fc.constant(svgDataUrl(`<circle cx="50" cy="50" r="40" fill="#c9a7ff"/>`)) },
  { weight: 1, arbitrary: anyString },
);

/** Nomina's own extension: persona, capabilities and outputs of any shape and size. */
const nominaExtension = fc.record(
  {
    glyph: fc.oneof(fc.constantFrom("✶", "◊"), anyString),
    apiModel: fc.oneof(fc.constantFrom("gemini", "claude", "perplexity", "deepseek"), anyString),
    persona: fc.oneof(
      anyValue,
      fc.record({
        summary: fc.oneof(anyString, hugeString),
        traits: fc.array(fc.oneof(anyString, hugeString), { maxLength: 60 }),
        tone: anyString,
        behavior: hugeString,
      }),
    ),
    capabilities: fc.oneof(
      anyValue,
      fc.record({ skills: fc.array(fc.oneof(anyString, hugeString), { maxLength: 60 }), knowledgeDomains: fc.array(anyString, { maxLength: 60 }) }),
    ),
    outputs: fc.oneof(
      anyValue,
      fc.array(
        fc.record({
          type: fc.constantFrom("haiku", "poem", "answer", "x"),
          content: fc.oneof(anyString, hugeString),
          quality: fc.oneof(fc.constant(null), anyString),
        }),
        { maxLength: 60 },
      ),
    ),
    lineage: fc.oneof(anyValue, fc.record({ parentId: anyString, remixType: anyString, remixNote: anyString }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);

/** A character card's JSON value: V2 or V3 (or not), with hostile fields and Nomina's extension. */
export const cardJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      spec: fc.constantFrom("chara_card_v3", "chara_card_v2", "chara_card_v4"),
      spec_version: fc.constantFrom("3.0", "2.0"),
      data: fc.record(
        {
          name: fc.oneof(fc.constantFrom("Fuzzed Card", "The Threshold\u200b Keeper", "Ä"), anyString),
          description: fc.oneof(anyString, hugeString),
          personality: fc.oneof(fc.constant("A card-born mind, generated to be imported."), anyString, hugeString),
          scenario: anyString,
          first_mes: fc.oneof(fc.constant("Hello from a card."), anyString),
          mes_example: fc.oneof(
            anyString,
            fc.integer({ min: 1, max: 2_000 }).map((count) => "<START>\n{{char}}: hi\n".repeat(count)),
          ),
          alternate_greetings: fc.array(anyString, { maxLength: 80 }),
          tags: fc.array(anyString, { maxLength: 40 }),
          extensions: fc.oneof(anyValue, fc.record({ nomina: nominaExtension })),
        },
        { requiredKeys: ["name"] },
      ),
    }),
  },
  { weight: 1, arbitrary: anyValue },
);

/** One PNG chunk as bytes (length, type, data, CRC); `badCrc` writes a wrong checksum on purpose. */
export function pngChunk(type: string, data: Buffer = Buffer.alloc(0), badCrc = false): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const sum = Buffer.alloc(4);
  const crc = crc32(Buffer.concat([head.subarray(4), data]));
  sum.writeUInt32BE((badCrc ? ~crc : crc) >>> 0, 0);
  return Buffer.concat([head, data, sum]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = () => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(1, 0);
  data.writeUInt32BE(1, 4);
  data.set([8, 6, 0, 0, 0], 8);
  return pngChunk("IHDR", data);
};
const idat = () => pngChunk("IDAT", deflateSync(Buffer.from([0, 0, 0, 0, 0])));

/** The text a card chunk carries: base64 of a card's JSON, or of hostile text (NULs, lone surrogates), or not base64 at all. */
const chunkText = fc.oneof(
  { weight: 4, arbitrary: cardJson.map((card) => Buffer.from(JSON.stringify(card) ?? "null", "utf8").toString("base64")) },
  {
    weight: 2,
    arbitrary: fc.oneof(nastyStrings, anyString).map((text) => Buffer.from(`{"spec":"chara_card_v3","data":{"name":"${text}"}}`, "utf8").toString("base64")),
  },
  { weight: 1, arbitrary: fc.constant(Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x00, 0x22, 0x7d]).toString("base64")) },
  { weight: 1, arbitrary: anyString },
);

const textChunk = fc
  .record({ keyword: fc.constantFrom("ccv3", "chara", "Comment", "chara\u0000"), text: chunkText, badCrc: fc.boolean() })
  .map(({ keyword, text, badCrc }) => pngChunk("tEXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]), badCrc));

/** A PNG card: its chunks in order or not, many or few, whole or cut short. */
export const pngCard: fc.Arbitrary<Buffer> = fc
  .record({
    texts: fc.array(textChunk, { minLength: 0, maxLength: 3 }),
    filler: fc.integer({ min: 0, max: 20_000 }),
    cut: fc.option(fc.integer({ min: 8, max: 200 }), { nil: undefined, freq: 6 }),
    image: fc.boolean(),
  })
  .map(({ texts, filler, cut, image }) => {
    const empty = pngChunk("tIME", Buffer.alloc(7));
    const png = Buffer.concat([SIGNATURE, ihdr(), ...(image ? [idat()] : []), ...Array.from({ length: filler }, () => empty), ...texts, pngChunk("IEND")]);
    return cut === undefined ? png : png.subarray(0, Math.max(8, png.length - cut));
  });

/** A well-formed card PNG whatever its chunk carries: a header, the card's chunk, the end. */
export const encodedPngCard: fc.Arbitrary<Buffer> = chunkText.map((text) =>
  Buffer.concat([SIGNATURE, ihdr(), pngChunk("tEXt", Buffer.concat([Buffer.from("ccv3\0", "latin1"), Buffer.from(text, "latin1")])), pngChunk("IEND")]),
);
