// How each voice of the Council looks: its name, sigil and colour.
import type { Voice } from "./councilStream";

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
