// A question as it stands, live or stored: what was asked, a card per seated seat, the peer
// review when one was asked, the synthesis and, once stored, what it cost. The asker may stop
// the Council while it speaks, and once it has finished ask one seat that did not answer again
// (exactly that seat), or all the silent seats at once. On a phone the synthesis comes first.
import { Box, Button, Flex, SimpleGrid, Stack } from "@chakra-ui/react";
import { useId, useState, type ReactNode } from "react";
import { notify } from "../../components/Toaster";
import { useRetryCouncilSeatMutation } from "../../mutations/useRetryCouncilSeatMutation";
import { useRetrySilentCouncilSeatsMutation } from "../../mutations/useRetrySilentCouncilSeatsMutation";
import { useStopCouncilInvocationMutation } from "../../mutations/useStopCouncilInvocationMutation";
import { AskedQuestion } from "./AskedQuestion";
import { silentSeats, type QuestionState, type Seat } from "./councilStream";
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
  const seatsId = useId();
  const [stop, stopping] = useStopCouncilInvocationMutation();
  const [retry, retrying] = useRetryCouncilSeatMutation();
  const [retrySilent, retryingSilent] = useRetrySilentCouncilSeatsMutation();
  // On a phone the synthesis comes first and the seats fold under it; wider, they sit side by side above it.
  const [seatsOpen, setSeatsOpen] = useState(false);
  const askAgain = (seat: Seat) => retry(id, seat, { onCompleted: () => {}, onError: failed });
  const silent = state.live ? [] : silentSeats(state);
  const answered = state.seats.length - silentSeats(state).length;
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
      <Box order={{ base: 1, md: 4 }}>
        <SynthesisCard state={state.voices.synthesis} live={state.live} seated={state.seats.length} members={state.members} />
      </Box>
      <Button
        display={{ base: "inline-flex", md: "none" }}
        order={2}
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        aria-expanded={seatsOpen}
        aria-controls={seatsId}
        onClick={() => setSeatsOpen((open) => !open)}
      >
        {seatsOpen ? "Fold the seats' answers" : `Show the seats' answers (${answered} of ${state.seats.length})`}
      </Button>
      <SimpleGrid
        id={seatsId}
        as="section"
        aria-label={`Answers to question ${number}`}
        columns={{ base: 1, md: 2 }}
        gap={5}
        order={{ base: 3, md: 2 }}
        display={{ base: seatsOpen ? "grid" : "none", md: "grid" }}
      >
        {state.seats.map((seat) => (
          <SeatCard
            key={seat}
            voice={seat}
            state={state.voices[seat]}
            member={state.members[seat]}
            finished={!state.live}
            onRetry={
              mine && !state.live && (state.voices[seat].status === "failed" || state.voices[seat].status === "stopped") ? () => askAgain(seat) : undefined
            }
            retrying={retrying}
          />
        ))}
      </SimpleGrid>
      {state.review && (
        <Box order={{ base: 4, md: 3 }}>
          <PeerReview state={state} />
        </Box>
      )}
      {(summary || (mine && silent.length > 1)) && (
        <Stack order={5} gap={3}>
          {summary}
          {mine && silent.length > 1 && (
            <Button
              alignSelf="flex-start"
              size="xs"
              variant="outline"
              colorPalette="cyan"
              loading={retryingSilent}
              onClick={() => retrySilent(id, { onCompleted: () => {}, onError: failed })}
            >
              Ask the {silent.length} silent seats again
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
