// How each voice of the Council looks: its name, sigil and colour.
import type { QuestionState, Seat, Voice } from "./councilStream";

export const VOICE_LOOK: Record<Voice, { label: string; sigil: string; colour: string }> = {
  gemini: { label: "Gemini", sigil: "♊", colour: "glow.cyan" },
  claude: { label: "Claude", sigil: "✶", colour: "glow.violet" },
  perplexity: { label: "Perplexity", sigil: "◈", colour: "glow.green" },
  deepseek: { label: "DeepSeek", sigil: "❖", colour: "glow.pink" },
  synthesis: { label: "Synthesis", sigil: "⊛", colour: "glow.gold" },
};

/** A seat name as people read it ("claude" → "Claude"). */
export function seatLabel(seat: string | null | undefined): string {
  return (seat && VOICE_LOOK[seat as Voice]?.label) || seat || "";
}

/** Who speaks in a seat, as readers name it: the ascended member sitting there (#28), or the seat. */
export function speakerOf(seat: string | null | undefined, members: QuestionState["members"]): string {
  return (seat && members[seat as Seat]?.name) || seatLabel(seat);
}
