// The Gate before a session's first question: the form, then a card for each seat chosen and the
// synthesis, waiting. The first question opens the session's own page; until that page shows, the
// question is followed here, so not a word of the Council is missed meanwhile.
import { SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import type { Started } from "../../mutations/useInvokeCouncilMutation";
import { AskCouncil } from "./AskCouncil";
import { silentVoice } from "./councilStream";
import { QuestionBlock } from "./QuestionBlock";
import { SeatCard } from "./SeatCard";
import { SynthesisCard } from "./SynthesisCard";
import type { DraftControls } from "./useDraft";

const ignore = () => {};

export function FreshGate({ controls, onStarted }: { controls: DraftControls; onStarted: (started: Started) => void }) {
  const { seats } = controls.draft;
  const [started, setStarted] = useState<Started | null>(null);
  const start = (question: Started) => {
    setStarted(question);
    onStarted(question);
  };
  return (
    <Stack gap={8}>
      <AskCouncil controls={controls} session={null} locked={started !== null} onStarted={start} />
      {started ? (
        <QuestionBlock invocation={started.invocation} number={1} mine onCutShort={ignore} />
      ) : (
        <>
          <SimpleGrid as="section" aria-label="The Council's seats" columns={{ base: 1, md: 2 }} gap={5}>
            {seats.map((seat) => (
              <SeatCard key={seat} voice={seat} state={silentVoice()} idle />
            ))}
          </SimpleGrid>
          <SynthesisCard state={silentVoice()} seated={seats.length} idle />
        </>
      )}
    </Stack>
  );
}
