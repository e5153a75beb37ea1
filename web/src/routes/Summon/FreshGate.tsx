// The Gate before a session's first question: the form, then a card for each seat chosen and the
// synthesis, waiting. The first question opens the session's own page.
import { SimpleGrid, Stack } from "@chakra-ui/react";
import type { Started } from "../../mutations/useInvokeCouncilMutation";
import { AskCouncil } from "./AskCouncil";
import { silentVoice } from "./councilStream";
import { SeatCard } from "./SeatCard";
import { SynthesisCard } from "./SynthesisCard";
import type { DraftControls } from "./useDraft";

export function FreshGate({ controls, onStarted }: { controls: DraftControls; onStarted: (started: Started) => void }) {
  const { seats } = controls.draft;
  return (
    <Stack gap={8}>
      <AskCouncil controls={controls} session={null} locked={false} onStarted={onStarted} />
      <SimpleGrid as="section" aria-label="The Council's seats" columns={{ base: 1, md: 2 }} gap={5}>
        {seats.map((seat) => (
          <SeatCard key={seat} voice={seat} state={silentVoice()} idle />
        ))}
      </SimpleGrid>
      <SynthesisCard state={silentVoice()} seated={seats.length} idle />
    </Stack>
  );
}
