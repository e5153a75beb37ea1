// The value lists that inputs are checked against and screens offer. The database's enums
// (ModelSeat, WaitlistPurpose, RitualType) must equal them: api/src/db/enums.ts makes the compiler check it.

/** The four council seats an agent can be bound to (spec 9), in the spec's order. */
export const SEATS = ["gemini", "claude", "perplexity", "deepseek"] as const;
export type Seat = (typeof SEATS)[number];
/** Each seat's name as people read it (a review's letters are turned back into these). */
export const SEAT_NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

/** The Naming Ritual's purposes (spec 3). */
export const WAITLIST_PURPOSES = ["creator", "curator", "witness", "seeker", "guardian"] as const;
export type WaitlistPurpose = (typeof WAITLIST_PURPOSES)[number];

/** The rituals of an agent's whisper box: a truth, a poem or a secret. */
export const GLYPH_TYPES = ["truth", "poem", "secret"] as const;
export type GlyphType = (typeof GLYPH_TYPES)[number];

/** What an agent's sample outputs may be (spec 3). */
export const OUTPUT_TYPES = ["text", "poetry", "code", "idea", "image", "video", "other"] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

/** The kinds of entry in the Council's ritual log; `council` is a question asked at the Summoning Gate (#28). */
export const RITUAL_TYPES = ["whisper", "nomination", "ascension", "curation", "council"] as const;
export type RitualType = (typeof RITUAL_TYPES)[number];
