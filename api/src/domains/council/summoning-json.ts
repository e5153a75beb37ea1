// The Summoning Gate's REST answer (contract: {success, gemini, claude, perplexity, deepseek,
// synthesis}), plus each voice's mode and, for voices that failed, why. A failed voice has no
// answer key: the contract makes each answer optional. When no voice could answer at all, the
// Gate fails with the reasons.
import { seatFailed } from "../../errors.ts";
import { COUNCIL_VOICES, SEATS, type CouncilVoice, type VoiceRecord } from "../../minds/types.ts";
import type { Finished } from "./invocations.ts";

export function summoningJson({ row, outcome }: Finished) {
  const voices: Record<CouncilVoice, VoiceRecord> = { ...outcome.seats, synthesis: outcome.synthesis };
  const failed = COUNCIL_VOICES.filter((voice) => voices[voice].status === "failed");
  if (SEATS.every((seat) => failed.includes(seat))) {
    throw seatFailed(`The Council is silent: ${SEATS.map((seat) => voices[seat].error).join("; ")}`, false);
  }
  const answered = COUNCIL_VOICES.filter((voice) => !failed.includes(voice));
  return {
    success: true,
    ...Object.fromEntries(answered.map((voice) => [voice, voices[voice].text])),
    modes: Object.fromEntries(COUNCIL_VOICES.map((voice) => [voice, voices[voice].mode])),
    ...(failed.length ? { errors: Object.fromEntries(failed.map((voice) => [voice, voices[voice].error])) } : {}),
    invocationId: row.id,
  };
}
