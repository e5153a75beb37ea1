// What the rest of the product asks of the minds (the Minds interface). What they are given and
// what they answer are in identity.ts (seats, providers, answers, failures), character.ts (an
// agent's character, turns, awakenings), council-records.ts (the Council) and settings.ts.
import type { GlyphType, Seat } from "@nomina/shared/enums";
import type { AgentCharacter, AwakeningAgent, AwakeningOptions, Essence, SpeakOptions, Turn } from "./character.ts";
import type { CouncilCallOptions, CouncilOutcome, CouncilRequest, RankingRow, SynthesisRecord, VoiceRecord } from "./council-records.ts";
import type { MindAnswer, SeatFailure, SeatIdentity } from "./identity.ts";
import type { MemoryNote } from "./person.ts";

export interface Minds {
  identity(seat: Seat): SeatIdentity;
  /**
   * An agent answers a message (or a glyph ritual) in character, through its bound seat, with the
   * conversation so far (oldest first): as many of the newest turns as fit its context budget.
   * `attempt`: which answer to the message this is (a regeneration is the next); the oracle is seeded by it.
   */
  answerAsAgent(
    agent: AgentCharacter,
    message: string,
    glyphType?: GlyphType,
    options?: SpeakOptions & { history?: readonly Turn[]; attempt?: number },
  ): Promise<MindAnswer>;
  /**
   * An agent goes on with its last answer (`said`, to `question`) from where it stopped: only the
   * new words are spoken, to be appended. `history`: the thread before the question, and the question.
   */
  continueAsAgent(agent: AgentCharacter, question: string, said: string, options?: SpeakOptions & { history?: readonly Turn[] }): Promise<MindAnswer>;

  /**
   * What the agent learns about the person from one exchange (#27): notes by the seat's model with
   * structured output (metered like every call), by the oracle's patterns when the seat has no key.
   */
  notesFrom(agent: AgentCharacter, message: string, answer: string, memories: readonly MemoryNote[]): Promise<MemoryNote[]>;
  /** The Council answers a whisper from the terminal: the chairman, or the next seat that can. */
  answerCouncilWhisper(content: string): Promise<MindAnswer>;
  /**
   * A newly forged agent's seat drafts its description, persona, capabilities and one sample
   * (minds/awakening.ts); the oracle drafts instead when the seat has no key or fails. Never rejects
   * for a seat's failure: `answer` says which mode wrote the draft. `onDraft` hears the draft as it
   * is written, and last the whole essence kept.
   */
  awaken(agent: AwakeningAgent, options?: AwakeningOptions): Promise<{ essence: Essence; answer: MindAnswer | null; failure: SeatFailure | null }>;
  /** The seated seats answer in parallel, review each other when asked, then a chairman speaks the synthesis. */
  consultCouncil(request: CouncilRequest, options?: CouncilCallOptions): Promise<CouncilOutcome>;
  /** The parts of a deliberation, for asking one seat again and speaking the synthesis anew. */
  council: {
    answer(seat: Seat, request: CouncilRequest, options?: CouncilCallOptions): Promise<VoiceRecord>;
    reviews(
      request: CouncilRequest,
      seats: Partial<Record<Seat, VoiceRecord>>,
      options?: CouncilCallOptions,
    ): Promise<Pick<CouncilOutcome, "reviews" | "ranking">>;
    synthesise(
      request: CouncilRequest,
      seats: Partial<Record<Seat, VoiceRecord>>,
      ranking: RankingRow[] | null,
      options?: CouncilCallOptions,
    ): Promise<SynthesisRecord>;
  };
}
