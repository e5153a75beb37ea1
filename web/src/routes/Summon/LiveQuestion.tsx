// A question the Council is still answering: its events, replayed from the first word however
// late the page joined, fill the cards; the last one stores the finished question, which then
// takes this one's place.
import { useCallback, useReducer, useState } from "react";
import { notify } from "../../components/Toaster";
import { questionReducer, startQuestion, type CouncilEvent, type QuestionState, type Seat } from "./councilStream";
import { QuestionView } from "./QuestionView";
import { earnMore } from "../../components/earnMore";
import { ritualFailureToast } from "./ritualToast";
import { useCouncilStream, type StreamEvent } from "./useCouncilStream";

/** The wire's event as the reducer reads it. */
export function toCouncilEvent(event: StreamEvent): CouncilEvent {
  const { review } = event;
  return {
    ...event,
    // Readers read the reasons with the letters turned back into seats.
    review: review && { ...review, reason: review.readableReason ?? review.reason ?? null, error: review.error ?? null, costUsd: review.costUsd ?? null },
  };
}

type Props = {
  id: string;
  number: number;
  prompt: string;
  mine: boolean;
  seats: readonly Seat[];
  review: boolean;
  /** The ascended members sitting in some seats, known from the start. */
  members: QuestionState["members"];
  onCutShort: (id: string) => void;
};

export function LiveQuestion({ id, number, prompt, mine, seats, review, members, onCutShort }: Props) {
  const [state, dispatch] = useReducer(questionReducer, undefined, () => startQuestion(seats, review, members));
  const [ended, setEnded] = useState(false);
  const onEvent = useCallback((event: StreamEvent) => {
    dispatch(toCouncilEvent(event));
  }, []);
  const onError = useCallback(
    (error: Error) => {
      const { title, description, quota } = ritualFailureToast(error);
      // A spent quota says how to earn more.
      notify("error", title, description, quota ? earnMore() : undefined);
      setEnded(true);
      onCutShort(id);
    },
    [id, onCutShort],
  );
  // Ended as it should, the stored question replaces this one before the stream completes.
  const onEnd = useCallback(() => {
    setEnded(true);
    onCutShort(id);
  }, [id, onCutShort]);
  useCouncilStream(id, { onEvent, onError, onEnd });
  return <QuestionView id={id} number={number} prompt={prompt} mine={mine} state={ended ? { ...state, live: false } : state} />;
}
