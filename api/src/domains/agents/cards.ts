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
import { OUTPUT_TYPES, parseCapabilities, parseOutputs, parsePersona, type Capabilities, type Persona, type SampleOutput } from "./essence.ts";

/** The card's picture, drawn in its own module: queued, budgeted and cached (issue #26). */
export { cardPicture } from "./card-picture.ts";

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
    lineage: { parentId: agent.parentAgentId, parentName: agent.remixOf, originId: agent.originAgentId, remixType: agent.remixType, remixNote: agent.remixNote },
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
      first_mes: outputs[0]?.content ?? "",
      mes_example: examplesOf(outputs),
      creator_notes: agent.remixOf ? `Remixed from ${agent.remixOf} on Nomina (${profileUrl}).` : `Forged on Nomina (${profileUrl}).`,
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: outputs.slice(1).map((output) => output.content),
      tags: [...(persona?.traits ?? []), ...(capabilities?.skills ?? [])].slice(0, 20),
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

const field = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(CARD_FIELD_MAX, `${name} is longer than ${CARD_FIELD_MAX} characters`)
    .default("");

const cardData = z.object({
  name: z.string({ error: "data.name is required" }).trim().min(1, "data.name is required").max(CARD_FIELD_MAX, `data.name is longer than ${CARD_FIELD_MAX} characters`),
  description: field("data.description"),
  personality: field("data.personality"),
  scenario: field("data.scenario"),
  first_mes: field("data.first_mes"),
  mes_example: field("data.mes_example"),
  alternate_greetings: z.array(field("data.alternate_greetings[]")).max(50, "data.alternate_greetings has more than 50 entries").default([]),
  extensions: z.record(z.string(), z.unknown()).default({}),
});

const cardSchema = z.discriminatedUnion(
  "spec",
  [z.object({ spec: z.literal("chara_card_v3"), data: cardData }), z.object({ spec: z.literal("chara_card_v2"), data: cardData })],
  { error: "Not a character card: spec must be chara_card_v2 or chara_card_v3" },
);

const nominaLineage = z
  .object({
    glyph: z.string().max(64).optional(),
    apiModel: z.enum(SEATS).optional(),
    persona: z.unknown().optional(),
    capabilities: z.unknown().optional(),
    outputs: z.unknown().optional(),
    lineage: z.object({ parentId: z.string().max(64).nullish(), remixType: z.string().max(40).nullish(), remixNote: z.string().max(500).nullish() }).partial().optional(),
  })
  .partial();

/** What a card gives a new agent. */
export type ImportedCard = {
  spec: "chara_card_v2" | "chara_card_v3";
  name: string;
  description: string;
  personality: string;
  scenario: string;
  /** The card's greeting and example replies, as sample outputs. */
  outputs: SampleOutput[];
  /** What a Nomina card carried: the agent's own fields and its parent here, when it had one. */
  nomina: z.output<typeof nominaLineage> | null;
};

/** The card inside a PNG: the V3 chunk when there is one, else the V2 chunk. */
function cardTextOf(png: Buffer): string {
  let chunks: { name: string; data: Uint8Array }[];
  try {
    chunks = extractChunks(png);
  } catch (error) {
    throw new CardError(`The PNG is damaged: ${error instanceof Error ? error.message : String(error)}`);
  }
  const texts = chunks.filter((chunk) => chunk.name === "tEXt").map((chunk) => pngText.decode(chunk.data));
  const found = texts.find((entry) => entry.keyword === "ccv3") ?? texts.find((entry) => entry.keyword === "chara");
  if (!found) throw new CardError("The PNG carries no character card (no ccv3 or chara text chunk)");
  return Buffer.from(found.text, "base64").toString("utf8");
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

/** Reads a card file: PNG bytes, or JSON (bytes, text or already parsed). Throws CardError saying what is wrong. */
export function readCard(body: unknown): ImportedCard {
  let json: unknown = body;
  if (Buffer.isBuffer(body)) {
    if (body.length > CARD_MAX_BYTES) throw new CardError(CARD_TOO_LARGE);
    json = body.subarray(0, 8).equals(PNG_SIGNATURE) ? cardTextOf(body) : body.toString("utf8");
  }
  if (typeof json === "string") {
    try {
      json = JSON.parse(json);
    } catch {
      throw new CardError("The card is neither a PNG nor JSON");
    }
  }
  const parsed = cardSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CardError(issue.code === "invalid_union" || issue.path.length === 0 ? issue.message : `${issue.message}${issue.message.startsWith("data.") ? "" : ` (${issue.path.join(".")})`}`);
  }
  const { spec, data } = parsed.data;
  const nomina = nominaLineage.safeParse(data.extensions.nomina);
  const replies = [data.first_mes, ...data.alternate_greetings, ...repliesOf(data.mes_example)].map((text) => text.trim()).filter(Boolean);
  const ownOutputs = nomina.success ? parseOutputs(nomina.data.outputs) : [];
  return {
    spec,
    name: data.name,
    description: data.description.trim(),
    personality: data.personality.trim(),
    scenario: data.scenario.trim(),
    outputs: ownOutputs.length ? ownOutputs : replies.slice(0, 3).map((content) => ({ type: OUTPUT_TYPES[0], content, quality: null })),
    nomina: nomina.success && data.extensions.nomina !== undefined ? nomina.data : null,
  };
}
