// The chairman's synthesis of the seats' answers: who chairs, a change of chair, or its failure,
// and once the question is stored, what it cost.
import { Box, Flex, Heading, Text, chakra } from "@chakra-ui/react";
import { panelRecipe } from "../../theme/recipes";
import { callCost } from "./cost";
import type { QuestionState, VoiceState } from "./councilStream";
import { VOICE_LOOK, speakerOf } from "./seats";
import { VoiceSource } from "./VoiceSource";
import { VoiceStatus } from "./VoiceStatus";

const Panel = chakra("article", panelRecipe);

const COUNTS = ["no", "one", "two", "three", "four"];

type Props = {
  state: VoiceState;
  seated: number;
  /** No question yet. */
  idle?: boolean;
  live?: boolean;
  /** The ascended members sitting at the table: one in the chair's seat chairs. */
  members?: QuestionState["members"];
};

export function SynthesisCard({ state, seated, idle = false, live = false, members = {} }: Props) {
  const answers = `${COUNTS[seated] ?? seated} answers`;
  const look = VOICE_LOOK.synthesis;
  const speaking = state.status === "speaking";
  return (
    <Panel
      aria-label={look.label}
      aria-busy={speaking}
      p={{ base: 5, md: 6 }}
      display="flex"
      flexDirection="column"
      gap={3}
      borderColor={state.status === "failed" ? "danger" : "glow.gold/45"}
      boxShadow="0 0 18px {colors.glow.gold/18}"
    >
      <Flex align="center" justify="space-between" gap={3} flexWrap="wrap">
        <Flex align="center" gap={3}>
          <Text as="span" aria-hidden fontSize="3xl" color={look.colour} textShadow="0 0 12px currentColor" lineHeight={1}>
            {look.sigil}
          </Text>
          <Box>
            <Heading as="h2" textStyle="ritualLabel" fontSize="xl">
              {look.label}
            </Heading>
            {state.chair && (
              <Text textStyle="caption" color="fg.muted">
                spoken by the chair: {speakerOf(state.chair, members)}
              </Text>
            )}
          </Box>
        </Flex>
        <VoiceStatus status={state.status} />
      </Flex>
      <VoiceSource voice={state} />
      {state.restartReason && (
        <Text textStyle="caption" color="glow.gold">
          The chair changed hands: {state.restartReason}
        </Text>
      )}
      {state.status === "failed" ? (
        <Box role="alert" color="danger" fontSize="sm">
          <Text fontWeight="semibold">The synthesis could not be spoken.</Text>
          <Text wordBreak="break-word">{state.error}</Text>
        </Box>
      ) : state.status === "stopped" ? (
        <Box>
          {state.text && (
            <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="md" lineHeight="tall" color="fg.muted">
              {state.text}
            </Text>
          )}
          <Text textStyle="caption" color="fg.subtle" fontStyle="italic" mt={state.text ? 2 : 0}>
            {state.text ? "The synthesis was stopped here, at your word; no other chair took it up." : "The Council was stopped before the chair spoke."}
          </Text>
        </Box>
      ) : state.status === "waiting" ? (
        <Text color="fg.subtle" fontSize="sm" fontStyle="italic">
          {idle ? `The chair will weave the ${answers} into one.` : `The chair waits for the ${COUNTS[seated] ?? seated} voices...`}
        </Text>
      ) : (
        <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="md" lineHeight="tall">
          {state.text}
        </Text>
      )}
      {!idle && !live && state.status !== "waiting" && (
        <Text textStyle="caption" color="fg.subtle">
          {callCost(state.mode, state.costUsd)}
        </Text>
      )}
    </Panel>
  );
}
