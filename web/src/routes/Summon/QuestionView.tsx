// A question as it stands, live or stored: what was asked, a card per seated seat, the peer
// review when one was asked, the synthesis and, once stored, what it cost. The asker may stop
// the Council while it speaks, and ask a failed seat again once it has finished.
import { Button, Flex, SimpleGrid, Stack } from "@chakra-ui/react";
import { useId, type ReactNode } from "react";
import { notify } from "../../components/Toaster";
import { useRetryCouncilSeatMutation } from "../../mutations/useRetryCouncilSeatMutation";
import { useStopCouncilInvocationMutation } from "../../mutations/useStopCouncilInvocationMutation";
import { AskedQuestion } from "./AskedQuestion";
import type { QuestionState, Seat } from "./councilStream";
import { PeerReview } from "./PeerReview";
import { earnMore } from "../../components/earnMore";
import { ritualFailureToast } from "./ritualToast";
import { SeatCard } from "./SeatCard";
import { SummoningRitual } from "./SummoningRitual";
import { SynthesisCard } from "./SynthesisCard";

type Props = {
  id: string;
  number: number;
  prompt: string;
  mine: boolean;
  state: QuestionState;
  /** How the stored question ended and what it cost, once it has finished. */
  summary?: ReactNode;
};

function failed(error: Error) {
  const { title, description, quota } = ritualFailureToast(error);
  // A spent quota says how to earn more.
  notify("error", title, description, quota ? earnMore() : undefined);
}

export function QuestionView({ id, number, prompt, mine, state, summary }: Props) {
  const headingId = useId();
  const [stop, stopping] = useStopCouncilInvocationMutation();
  const [retry, retrying] = useRetryCouncilSeatMutation();
  const askAgain = (seat: Seat) => retry(id, seat, { onCompleted: () => {}, onError: failed });
  return (
    <Stack as="section" aria-labelledby={headingId} gap={5}>
      <Flex align="flex-start" justify="space-between" gap={4}>
        <AskedQuestion id={headingId} number={number} question={prompt} />
        {state.live && mine && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            textStyle="ritualAction"
            flexShrink={0}
            loading={stopping}
            onClick={() => stop(id, { onCompleted: () => {}, onError: failed })}
          >
            Stop
          </Button>
        )}
      </Flex>
      {state.live && <SummoningRitual label="The Council speaks..." />}
      <SimpleGrid as="section" aria-label={`Answers to question ${number}`} columns={{ base: 1, md: 2 }} gap={5}>
        {state.seats.map((seat) => (
          <SeatCard
            key={seat}
            voice={seat}
            state={state.voices[seat]}
            finished={!state.live}
            onRetry={mine && !state.live && state.voices[seat].status === "failed" ? () => askAgain(seat) : undefined}
            retrying={retrying}
          />
        ))}
      </SimpleGrid>
      {state.review && <PeerReview state={state} />}
      <SynthesisCard state={state.voices.synthesis} live={state.live} seated={state.seats.length} />
      {summary}
    </Stack>
  );
}
