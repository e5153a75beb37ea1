// Character cards: an agent exported as a Character Card V3 (`chara_card_v3`, the format character
// hubs and chat apps exchange), as JSON or as a PNG whose `ccv3` text chunk holds the card (and a
// V2 `chara` chunk for older apps), the glyph drawn as its picture. Nomina's own fields and the
// agent's lineage travel under `extensions.nomina`, and the card's `source` names its profile.
// Importing reads a V2 or V3 card, JSON or PNG, and says what is wrong with a bad one.
// Spec: github.com/kwaroran/character-card-spec-v3 (V3), malfoyslastname/character-card-spec-v2 (V2).
import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import pngText from "png-chunk-text";
import { z } from "zod";
import { SEATS, type Seat } from "@nomina/shared/enums";
import { crc32 } from "node:zlib";
import {
  agentEssenceSchema,
  ALTERNATE_GREETINGS_MAX,
  DEFAULT_REMIX_GLYPH,
  DEFAULT_REMIX_SEAT,
  DESCRIPTION_MAX,
  GREETING_MAX,
  OUTPUT_MAX,
  PERSONALITY_MAX,
  TONE_MAX,
  type AgentEssence,
} from "@nomina/shared/agents";
import { cardTags } from "@nomina/shared/tags";
import { hasUnstorableText, truncate } from "@nomina/shared/text";
import { OUTPUT_TYPES, parseCapabilities, parseOutputs, parsePersona, type Capabilities, type Persona, type SampleOutput } from "./essence.ts";

/** The card's picture, drawn in its own module: queued, budgeted and cached (issue #26). */

/** The largest card file read (JSON or PNG); cards with large pictures stay well under it. */
export const CARD_MAX_BYTES = 4 * 1024 * 1024;
/** The longest text field a card may carry; a longer one is refused, never cut silently. */
export const CARD_FIELD_MAX = 32_000;

export const CARD_TOO_LARGE = `The card is larger than ${CARD_MAX_BYTES / 1024 / 1024} MB`;

export class CardError extends Error {}

export type CardAgent = {
  id: string;
  name: string;
  username: string;
  glyph: string;
  personality: string;
  description: string | null;
  apiModel: Seat;
  type: string;
  persona: unknown;
  capabilities: unknown;
  outputs: unknown;
  greeting: string | null;
  alternateGreetings: string[];
  tags: string[];
  avatarUrl: string | null;
  createdBy: string;
  remixOf: string | null;
  remixType: string | null;
  remixNote: string | null;
  parentAgentId: string | null;
  originAgentId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What Nomina keeps under `extensions.nomina`: enough to forge the agent again, and where it came from. */
export type NominaExtension = {
  id: string;
  username: string;
  glyph: string;
  apiModel: Seat;
  type: string;
  persona: Persona | null;
  capabilities: Capabilities | null;
  outputs: SampleOutput[];
  profile: string;
  lineage: { parentId: string | null; parentName: string | null; originId: string | null; remixType: string | null; remixNote: string | null };
};

type CardData = {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  tags: string[];
  creator: string;
  character_version: string;
  extensions: Record<string, unknown>;
};

export type CardV3 = {
  spec: "chara_card_v3";
  spec_version: "3.0";
  data: CardData & { nickname?: string; source: string[]; group_only_greetings: string[]; creation_date: number; modification_date: number };
};

export type CardV2 = { spec: "chara_card_v2"; spec_version: "2.0"; data: CardData };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Sample outputs as the example dialogue card apps read: each a reply of {{char}}. */
function examplesOf(outputs: readonly SampleOutput[]): string {
  return outputs.map((output) => `<START>\n{{char}}: ${output.content}`).join("\n");
}

export function cardOf(agent: CardAgent, profileUrl: string): CardV3 {
  const persona = parsePersona(agent.persona);
  const capabilities = parseCapabilities(agent.capabilities);
  const outputs = parseOutputs(agent.outputs);
  const nomina: NominaExtension = {
    id: agent.id,
    username: agent.username,
    glyph: agent.glyph,
    apiModel: agent.apiModel,
    type: agent.type,
    persona,
    capabilities,
    outputs,
    profile: profileUrl,
    lineage: {
      parentId: agent.parentAgentId,
      parentName: agent.remixOf,
      originId: agent.originAgentId,
      remixType: agent.remixType,
      remixNote: agent.remixNote,
    },
  };
  const tone = [persona?.tone, persona?.behavior].filter(Boolean).join(" ");
  return {
    spec: "chara_card_v3",
    spec_version: "3.0",
    data: {
      name: agent.name,
      nickname: agent.username,
      description: agent.description ?? "",
      personality: agent.personality,
      scenario: tone,
      first_mes: agent.greeting ?? "",
      mes_example: examplesOf(outputs),
      creator_notes: agent.remixOf ? `Remixed from ${agent.remixOf} on Nomina (${profileUrl}).` : `Forged on Nomina (${profileUrl}).`,
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: agent.alternateGreetings,
      tags: agent.tags,
      creator: agent.createdBy,
      character_version: String(seconds(agent.updatedAt)),
      extensions: { nomina },
      source: [profileUrl],
      group_only_greetings: [],
      creation_date: seconds(agent.createdAt),
      modification_date: seconds(agent.updatedAt),
    },
  };
}

/** The same card in V2's shape, for apps that read only the `chara` chunk. */
export function cardV2Of(card: CardV3): CardV2 {
  const { nickname: _nickname, source: _source, group_only_greetings: _group, creation_date: _created, modification_date: _modified, ...data } = card.data;
  return { spec: "chara_card_v2", spec_version: "2.0", data };
}

/** A PNG carrying the card: `ccv3` (V3) and `chara` (V2), base64 JSON in tEXt chunks before the image's end. */
export function withCard(png: Buffer, card: CardV3): Buffer {
  const chunks = extractChunks(png).filter((chunk) => !(chunk.name === "tEXt" && ["ccv3", "chara"].includes(pngText.decode(chunk.data).keyword)));
  const encoded = (keyword: string, value: unknown) => pngText.encode(keyword, Buffer.from(JSON.stringify(value), "utf8").toString("base64"));
  chunks.splice(chunks.length - 1, 0, encoded("ccv3", card), encoded("chara", cardV2Of(card)));
  return Buffer.from(encodeChunks(chunks));
}

// Importing.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The most chunks a card's PNG may have. libpng writes image data in 8 KB IDAT chunks, so a
 * picture of the largest card (4 MB) has about 512; a file of thousands of empty chunks is no
 * picture. Each chunk costs the reader a header read, nothing more.
 */
export const PNG_CHUNKS_MAX = 1024;

const field = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(CARD_FIELD_MAX, `${name} is longer than ${CARD_FIELD_MAX} characters`)
    .default("");

const cardData = z.object({
  name: z
    .string({ error: "data.name is required" })
    .trim()
    .min(1, "data.name is required")
    .max(CARD_FIELD_MAX, `data.name is longer than ${CARD_FIELD_MAX} characters`),
  description: field("data.description"),
  personality: field("data.personality"),
  scenario: field("data.scenario"),
  first_mes: field("data.first_mes"),
  mes_example: field("data.mes_example"),
  alternate_greetings: z.array(field("data.alternate_greetings[]")).max(50, "data.alternate_greetings has more than 50 entries").default([]),
  // Other apps tag freely ("🔥", "Female", whole phrases): what is a tag is kept (cardTags), the rest left out.
  tags: z.unknown().optional(),
  extensions: z.record(z.string(), z.unknown()).default({}),
});

const cardSchema = z.discriminatedUnion(
  "spec",
  [z.object({ spec: z.literal("chara_card_v3"), data: cardData }), z.object({ spec: z.literal("chara_card_v2"), data: cardData })],
  { error: "Not a character card: spec must be chara_card_v2 or chara_card_v3" },
);

/**
 * What Nomina wrote under `extensions.nomina`. Its essence fields are kept as given here and
 * checked by the essence schema every agent is held to (essenceOfCard), never read leniently.
 */
const nominaLineage = z
  .object({
    glyph: z.string().max(64, "Glyph must be at most 3 characters").optional(),
    apiModel: z.enum(SEATS, { error: "Please select an AI model" }).optional(),
    persona: z.unknown().optional(),
    capabilities: z.unknown().optional(),
    outputs: z.unknown().optional(),
    lineage: z
      .object({
        parentId: z.string().max(64).nullish(),
        remixType: z.string().max(40).nullish(),
        remixNote: z.string().max(500, "Remix note is too long").nullish(),
      })
      .partial()
      .optional(),
  })
  .partial();

/** What a card gives a new agent. */
export type ImportedCard = {
  spec: "chara_card_v2" | "chara_card_v3";
  name: string;
  description: string;
  personality: string;
  scenario: string;
  /** The card's example replies, as sample outputs. */
  outputs: SampleOutput[];
  /** The card's greeting (first_mes) and the alternates, as the agent's greetings. */
  greeting: string;
  alternateGreetings: string[];
  /** The card's tags that are tags, normalised (shared/src/tags.ts), at most TAGS_MAX. */
  tags: string[];
  /** What a Nomina card carried: the agent's own fields and its parent here, when it had one. */
  nomina: z.output<typeof nominaLineage> | null;
};

const damaged = (what: string) => new CardError(`The PNG is damaged: ${what}`);

/**
 * The card inside a PNG: the first `ccv3` text chunk, else the first `chara` one. The chunks are
 * walked by their headers alone (at most PNG_CHUNKS_MAX, within the file's bytes, to IEND), and
 * only the card's own chunk is read and checked against its CRC.
 */
function cardTextOf(png: Buffer): string {
  let v3: string | null = null;
  let v2: string | null = null;
  let offset = PNG_SIGNATURE.length;
  for (let count = 1; ; count++) {
    if (count > PNG_CHUNKS_MAX) throw new CardError(`The PNG has more than ${PNG_CHUNKS_MAX} chunks`);
    if (offset + 12 > png.length) throw damaged("it ends before its IEND chunk");
    const length = png.readUInt32BE(offset);
    const dataStart = offset + 8;
    const end = dataStart + length + 4;
    if (end > png.length) throw damaged("a chunk is cut short");
    const type = png.toString("latin1", offset + 4, dataStart);
    if (type === "IEND") break;
    if (type === "tEXt" && v3 === null) {
      const data = png.subarray(dataStart, dataStart + length);
      const separator = data.indexOf(0);
      const keyword = separator < 0 ? "" : data.toString("latin1", 0, separator);
      if (keyword === "ccv3" || (keyword === "chara" && v2 === null)) {
        if (crc32(png.subarray(offset + 4, dataStart + length)) !== png.readUInt32BE(dataStart + length))
          throw damaged(`its ${keyword} chunk fails its checksum`);
        const text = data.toString("latin1", separator + 1);
        if (keyword === "ccv3") v3 = text;
        else v2 = text;
      }
    }
    offset = end;
  }
  const found = v3 ?? v2;
  if (found === null) throw new CardError("The PNG carries no character card (no ccv3 or chara text chunk)");
  return Buffer.from(found, "base64").toString("utf8");
}

const UNSTORABLE = "The card holds text no agent can keep (a NUL character or an unpaired surrogate)";

/** Card JSON, refusing any string (or key) PostgreSQL could not store. */
function parseCardJson(text: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (hasUnstorableText(key) || (typeof value === "string" && hasUnstorableText(value)))
        throw new CardError(`${UNSTORABLE}${key && !hasUnstorableText(key) ? ` (${key})` : ""}`);
      return value;
    });
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new CardError("The card is neither a PNG nor JSON");
  }
}

/** Example dialogue ("<START>\n{{char}}: ...") as the agent's replies. */
function repliesOf(examples: string): string[] {
  return examples
    .split(/<START>/i)
    .map((block) =>
      block
        .split("\n")
        .filter((line) => /^\s*\{\{char\}\}\s*:/i.test(line))
        .map((line) => line.replace(/^\s*\{\{char\}\}\s*:\s*/i, ""))
        .join("\n")
        .trim(),
    )
    .filter(Boolean);
}

/** `issue` of a card's schema as its message, naming the card field at fault. */
function issueMessage(issue: z.core.$ZodIssue, prefix: string[] = []): string {
  const path = [...prefix, ...issue.path.map(String)];
  if (issue.code === "invalid_union" || path.length === 0 || issue.message.startsWith("data.")) return issue.message;
  return `${issue.message} (${path.join(".")})`;
}

/** Samples a card's greeting and replies give when it carries none of Nomina's own. */
const CARD_REPLIES_KEPT = 3;

/** Reads a card file: PNG bytes, or JSON (bytes, text or already parsed). Throws CardError saying what is wrong. */
export function readCard(body: unknown): ImportedCard {
  let text: string;
  if (Buffer.isBuffer(body)) {
    if (body.length > CARD_MAX_BYTES) throw new CardError(CARD_TOO_LARGE);
    text = body.subarray(0, 8).equals(PNG_SIGNATURE) ? cardTextOf(body) : body.toString("utf8");
  } else {
    text = typeof body === "string" ? body : (JSON.stringify(body) ?? "");
  }
  const json = parseCardJson(text);
  const parsed = cardSchema.safeParse(json);
  if (!parsed.success) throw new CardError(issueMessage(parsed.error.issues[0]!));
  const { spec, data } = parsed.data;
  let nomina: ImportedCard["nomina"] = null;
  if (data.extensions.nomina !== undefined) {
    const own = nominaLineage.safeParse(data.extensions.nomina);
    if (!own.success) throw new CardError(issueMessage(own.error.issues[0]!, ["data", "extensions", "nomina"]));
    nomina = own.data;
  }
  const replies = repliesOf(data.mes_example)
    .map((reply) => reply.trim())
    .filter(Boolean);
  const ownOutputs = parseOutputs(nomina?.outputs);
  return {
    spec,
    name: data.name,
    description: data.description.trim(),
    personality: data.personality.trim(),
    scenario: data.scenario.trim(),
    outputs: ownOutputs.length ? ownOutputs : replies.slice(0, CARD_REPLIES_KEPT).map((content) => ({ type: OUTPUT_TYPES[0], content, quality: null })),
    greeting: data.first_mes.trim(),
    alternateGreetings: data.alternate_greetings.map((greeting) => greeting.trim()).filter(Boolean),
    tags: cardTags(data.tags),
    nomina,
  };
}

/**
 * The agent a card describes, held to the very limits an edited agent is (agentEssenceSchema).
 * Nomina's own fields (`extensions.nomina`: glyph, persona, capabilities, outputs) are checked as
 * written and refused when over a limit, naming the field; they came from Nomina, which never
 * writes them so. The card format's own fields, which other apps fill freely, are mapped onto the
 * essence and cut to its limits, as before: personality (or description, or scenario), description,
 * the scenario as the persona's tone, the greeting and replies as samples, the name.
 */
export function essenceOfCard(card: ImportedCard, nameMax: number): AgentEssence {
  const own = card.nomina;
  const personalitySource = card.personality ? "data.personality" : card.description ? "data.description" : "data.scenario";
  const personality = truncate(card.personality || card.description || card.scenario, PERSONALITY_MAX);
  if ([...personality].length < 10) throw new CardError("The card gives no personality: its personality or description needs at least 10 characters");
  const ownOutputs = Array.isArray(own?.outputs) && own.outputs.length > 0;
  const ownPersona = own?.persona !== undefined && own.persona !== null;
  const candidate = {
    name: truncate(card.name.normalize("NFKC").trim(), nameMax),
    glyph: own?.glyph ?? DEFAULT_REMIX_GLYPH,
    description: card.description ? truncate(card.description, DESCRIPTION_MAX) : null,
    personality,
    apiModel: own?.apiModel ?? DEFAULT_REMIX_SEAT,
    persona: ownPersona ? own.persona : card.scenario ? { traits: [], tone: truncate(card.scenario, TONE_MAX), behavior: null } : null,
    capabilities: own?.capabilities ?? null,
    outputs: ownOutputs ? own?.outputs : card.outputs.map((output) => ({ ...output, content: truncate(output.content, OUTPUT_MAX) })),
    // Other apps' cards may hold more greetings, and longer ones, than an agent keeps: cut to its limits.
    greeting: card.greeting ? truncate(card.greeting, GREETING_MAX) : null,
    alternateGreetings: card.alternateGreetings.slice(0, ALTERNATE_GREETINGS_MAX).map((greeting) => truncate(greeting, GREETING_MAX)),
    tags: card.tags,
  };
  const sources: Record<string, string> = {
    name: "data.name",
    glyph: "data.extensions.nomina.glyph",
    description: "data.description",
    personality: personalitySource,
    apiModel: "data.extensions.nomina.apiModel",
    persona: ownPersona ? "data.extensions.nomina.persona" : "data.scenario",
    capabilities: "data.extensions.nomina.capabilities",
    outputs: ownOutputs ? "data.extensions.nomina.outputs" : "data.mes_example",
    greeting: "data.first_mes",
    alternateGreetings: "data.alternate_greetings",
    tags: "data.tags",
  };
  const parsed = agentEssenceSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [top, ...rest] = issue.path.map(String);
  const where = [sources[top ?? ""] ?? top, ...rest].filter(Boolean).join(".");
  throw new CardError(where ? `${issue.message} (${where})` : issue.message);
}
