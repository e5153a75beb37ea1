// What one exchange of a thread is, to the service that speaks it and to the conclaves that take
// turns through it (a file of its own, so that neither imports the other for its types).
import type { Conversation, Message, Whisper } from "../../../generated/prisma/client.ts";
import type { SpeakOptions } from "../../minds/character.ts";
import type { MindAnswer, SeatIdentity } from "../../minds/identity.ts";

/** The rows of one exchange as soon as they are written, before the agent has said a word. */
export type Turned = { conversation: Conversation; question: Message; reply: Message; identity: SeatIdentity };

export type TalkOptions = SpeakOptions & {
  onTurn?: (turn: Turned) => void;
  attempt?: number;
  /** What the seat is asked, when not the words kept as the whisper's truth (a conclave's thread as its speaker reads it). */
  prompt?: string;
};

/** An exchange once the agent has finished: answered (with its whisper), or stopped by the asker. */
export type Exchange = Turned & {
  whisper: Whisper | null;
  answer: MindAnswer | null;
  /** Settles once the agent has noted what it learnt (#27). */ learning?: Promise<void>;
};
