// The cost guard (issue #26): every validator and parser of client input does work that grows at
// most linearly with what it is sent. Each is run on hostile inputs of 1x, 4x and 16x a base size
// (runs of spaces after `url(`, repeated tokens, combining marks, emoji, nested lists...) and its
// time is compared as a ratio, never as a time (shared/test/linear.ts). A pattern that backtracks, a
// scan repeated per character or a parser that walks what it has walked fails here, whatever the
// machine's speed. The zod schemas are found by reading the shared package's exports, so a schema
// added there is guarded the day it is added.
import { parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as accounts from "@nomina/shared/accounts";
import * as conversations from "@nomina/shared/conversations";
import * as council from "@nomina/shared/council";
import { GLYPH_IMAGE_PREFIX } from "@nomina/shared/glyph-image";
import * as meta from "@nomina/shared/meta";
import { chooseEncoding } from "../compression.ts";
import { isAppRoute } from "@nomina/shared/paths";
import { slugify } from "@nomina/shared/slug";
import { firstGraphemes, graphemesAtMost, truncate } from "@nomina/shared/text";
import * as waitlist from "@nomina/shared/waitlist";
import * as whispers from "@nomina/shared/whispers";
import { agentSchemas } from "@nomina/shared/agents";
import { growth, LINEAR_BOUND } from "../../../shared/test/linear.ts";
import { readCard } from "../domains/agents/cards.ts";
import { serverWindow } from "../domains/agents/glyph-image.ts";
import { ARMOR_LIMITS } from "../graphql/armor.ts";
import { schema } from "../graphql/schema.ts";
import { inspectInput } from "../nul.ts";
import { fieldOf } from "../minds/oracle/beyond.ts";
import { knownOf } from "../minds/oracle/known/index.ts";
import { loreFor } from "../minds/oracle/lore.ts";
import { readRequest } from "../minds/oracle/request.ts";
import { roleIn } from "../minds/oracle/role.ts";
import { oracleNotes } from "../minds/person.ts";

/** The base size of every input, in characters: 16x stays under the largest field cap (glyph images, 20,000). */
const BASE = 1_000;

/** Hostile text of about `size` characters, each shaped after a way text has hurt parsers. */
const PATTERNS: Record<string, (size: number) => string> = {
  spaces: (size) => " ".repeat(size),
  // Trimming takes trailing spaces away before some checks see them: a letter keeps them in.
  "url( then spaces": (size) => `url(${" ".repeat(size)}x`,
  "spaces then a letter": (size) => `${" ".repeat(size)}x`,
  "url( repeated": (size) => "url(".repeat(size / 4),
  letters: (size) => "a".repeat(size),
  "words and spaces": (size) => "ab ".repeat(size / 3),
  "tabs and newlines": (size) => "\t\n".repeat(size / 2),
  "dots and at signs": (size) => "a@a.".repeat(size / 4),
  "combining marks": (size) => `e${"\u0301".repeat(size - 1)}`,
  emoji: (size) => "👩‍👩‍👧".repeat(size / 8),
  "zero-width": (size) => "a\u200b".repeat(size / 2),
  brackets: (size) => "([{<".repeat(size / 4),
  backslashes: (size) => "\\".repeat(size),
  "card dialogue": (size) => "<START>\n{{char}}: ".repeat(size / 18),
};

type Case = { name: string; make: (text: string) => unknown; work: (input: never) => unknown };

// Zod's own description of a schema, as far as the guard needs to fill it in.
type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value `schema` accepts in shape, with `text` in every string: what reaches each check. */
function filled(schema: z.ZodType, text: string, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 8) return text;
  switch (def.type) {
    case "object":
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, filled(field, text, depth + 1)]));
    case "array":
      // The same amount of text, spread over a list.
      return Array.from({ length: 4 }, () => filled(def.element!, text.slice(0, Math.ceil(text.length / 4)), depth + 1));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return filled(def.innerType!, text, depth + 1);
    case "pipe":
      return filled(def.in!, text, depth + 1);
    case "union":
      return filled(def.options![0]!, text, depth + 1);
    default:
      return text;
  }
}

/** Every zod schema the shared package exports, and the agent schemas it builds. */
function sharedSchemas(): [string, z.ZodType][] {
  const modules = { accounts, conversations, council, waitlist, whispers };
  const exported = Object.entries(modules).flatMap(([module, exports]) =>
    Object.entries(exports as Record<string, unknown>)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${module}.${name}`, schema] as [string, z.ZodType]),
  );
  const agents = Object.entries(agentSchemas(serverWindow)).map(([name, schema]) => [`agents.${name}`, schema] as [string, z.ZodType]);
  return [...exported, ...agents];
}

const svgDataUrl = (svg: string) => `${GLYPH_IMAGE_PREFIX}${Buffer.from(svg).toString("base64")}`;
const jsonCard = (text: string) => ({
  spec: "chara_card_v3",
  data: {
    name: "Guard",
    personality: text,
    mes_example: text,
    alternate_greetings: [text],
    extensions: { nomina: { persona: { summary: text, traits: [text] }, outputs: [{ type: "haiku", content: text }] } },
  },
});

function cases(): Case[] {
  const zodCases: Case[] = sharedSchemas().map(([name, schema]) => ({
    name: `zod ${name}`,
    make: (text) => filled(schema, text),
    work: (input: unknown) => schema.safeParse(input),
  }));
  const { forgeAgentSchema } = agentSchemas(serverWindow);
  const glyph = (where: (text: string) => string): Case => ({
    name: `glyph image, ${where("…").slice(0, 40)}`,
    make: (text) => ({
      name: "Guard",
      glyph: "✶",
      personality: "A mind that guards the cost of checks.",
      apiModel: "claude",
      avatarUrl: svgDataUrl(where(text)),
    }),
    work: (input: unknown) => forgeAgentSchema.safeParse(input),
  });
  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`;
  return [
    ...zodCases,
    glyph((text) => svg(`<rect fill="${text}"/>`)),
    glyph((text) => svg(`<rect id="a"/><use href="${text}"/>`)),
    glyph((text) => svg(`<text>${text.replace(/[<&]/g, " ")}</text>`)),
    glyph((text) => svg(`${"<g>".repeat(Math.min(200, text.length / 40))}${"</g>".repeat(Math.min(200, text.length / 40))}`)),
    { name: "card, JSON text", make: (text) => Buffer.from(JSON.stringify(jsonCard(text))), work: (input: Buffer) => readCard(input) },
    { name: "card, parsed JSON", make: (text) => jsonCard(text), work: (input: unknown) => readCard(input) },
    {
      name: "input walk (NULs, nesting)",
      make: (text) => ({ list: Array.from({ length: 8 }, () => ({ text })), text }),
      work: (input: unknown) => inspectInput(input),
    },
    {
      name: "GraphQL document (parse and validate)",
      make: (text) => `{ agents(search: ${JSON.stringify(text)}) { edges { node { id name } } } }`,
      work: (input: string) => validate(schema, parse(input, { maxTokens: ARMOR_LIMITS.maxTokens })),
    },
    // The offline oracle reads every visitor's message (#41): its frame, what it knows, what it must not answer, its notes.
    {
      name: "oracle: the request's frame",
      make: (text) => `Hello, keeper. Can you tell me ${text}? Answer in one word.`,
      work: (input: string) => readRequest(input),
    },
    { name: "oracle: sums, places, units, dates", make: (text) => `What is ${text} in km?`, work: (input: string) => knownOf(input, new Date(0)) },
    { name: "oracle: a sum of digits", make: (text) => `What is ${text.replace(/\D/g, "1")}+1?`, work: (input: string) => knownOf(input, new Date(0)) },
    { name: "oracle: what it must not answer", make: (text) => `Is it safe to write a ${text} function?`, work: (input: string) => fieldOf(input) },
    { name: "oracle: the lore a question is about", make: (text) => `Give me tips for ${text} sleep`, work: (input: string) => loreFor(input) },
    {
      name: "oracle: what a person says of themselves",
      make: (text) => `My name is Ada and I keep three ${text}. I prefer ${text}.`,
      work: (input: string) => oracleNotes(input.slice(0, 2_000)),
    },
    { name: "oracle: a creator's role", make: (text) => `A night ${text} who answers`, work: (input: string) => roleIn(input) },
    { name: "page title (titleFrom)", make: (text) => text, work: (input: string) => conversations.titleFrom(input) },
    { name: "page description (excerpt)", make: (text) => text, work: (input: string) => meta.excerpt(input) },
    { name: "slug", make: (text) => text, work: (input: string) => slugify(input) },
    { name: "graphemes", make: (text) => text, work: (input: string) => [graphemesAtMost(input, 3), firstGraphemes(input, 3), truncate(input, 80)] },
    { name: "app route", make: (text) => `/agents/${text}`, work: (input: string) => isAppRoute(input) },
    { name: "Accept-Encoding (negotiator)", make: (text) => `gzip;q=0.5, ${text}, br;q=0.8`, work: (input: string) => chooseEncoding(input) },
    {
      name: "Accept-Encoding, many codings",
      make: (text) => Array.from({ length: Math.max(1, Math.floor(text.length / 16)) }, (_, i) => `x${i};q=0.${i % 10}`).join(", "),
      work: (input: string) => chooseEncoding(input),
    },
  ];
}

// Each measurement takes as long as the machine is busy: a loaded CI waits, never fails for it.
describe("the cost guard: every validator and parser of client input grows at most linearly", { timeout: 180_000 }, () => {
  const all = cases();

  it("tells work that grows with the square of its input from linear work", () => {
    // Every pair of characters compared: 256 times the work at 16x.
    const quadratic = (text: string) => {
      let same = 0;
      for (let i = 0; i < text.length; i++) for (let j = i; j < text.length; j++) same += text.charCodeAt(i) === text.charCodeAt(j) ? 1 : 0;
      return same;
    };
    const make = (size: number) => "ab".repeat(size / 2);
    expect(growth(make, quadratic, 200).at16).toBeGreaterThan(LINEAR_BOUND.at16);
    // Linear work may meet a collection once, as every case below may: it has three tries.
    const linear = () => growth(make, (text) => text.split("").reverse().join(""), BASE).at16;
    expect(Math.min(linear(), linear(), linear())).toBeLessThanOrEqual(LINEAR_BOUND.at16);
  });

  it("finds the shared package's schemas (a schema added there is guarded)", () => {
    expect(all.filter((entry) => entry.name.startsWith("zod ")).length).toBeGreaterThanOrEqual(14);
  });

  it.each(all.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const slow: string[] = [];
    for (const [pattern, text] of Object.entries(PATTERNS)) {
      const measure = () => growth((size) => entry.make(text(size)), entry.work as (input: unknown) => unknown, BASE);
      // A collection or a cold cache can land in one batch; work that really grows faster than
      // linearly does so every time it is measured.
      // Up to three tries, so that a busy machine (the other test files run beside this one) does not pass for it.
      let { at4, at16 } = measure();
      for (let again = 0; again < 2 && at16 > LINEAR_BOUND.at16; again++) ({ at4, at16 } = measure());
      if (at16 > LINEAR_BOUND.at16) slow.push(`${pattern}: x${at4.toFixed(1)} at 4x, x${at16.toFixed(1)} at 16x`);
    }
    expect(slow, `grows faster than linearly (linear: about x4 and x16)`).toEqual([]);
  });
});
