// One seat of the Council: its answer as it streams, its mode and model, what it cost once the
// question is stored, or why it failed, or its words so far when the asker stopped it (and, for
// the asker, a way to ask exactly this seat again). An ascended member sitting in the seat (#28)
// is named with its glyph and a link to its profile, over the seat it speaks through.
import { Box, Button, Flex, Heading, Link, Text, chakra } from "@chakra-ui/react";
import { Keyframes } from "../../components/Keyframes";
import { panelRecipe } from "../../theme/recipes";
import { callCost } from "./cost";
import { pathTo, paths } from "@nomina/shared/paths";
import { Link as RouterLink } from "react-router";
import { Glyph } from "../../components/Glyph";
import type { Sitter, Voice, VoiceState } from "./councilStream";
import { VOICE_LOOK } from "./seats";
import { VoiceSource } from "./VoiceSource";
import { VoiceStatus } from "./VoiceStatus";

const Panel = chakra("article", panelRecipe);

type Props = {
  voice: Voice;
  state: VoiceState;
  /** No question yet: the card waits for one. */
  idle?: boolean;
  /** The question is stored: what the voice cost is known. */
  finished?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
  /** The ascended member sitting in this seat in place of its model. */
  member?: Sitter | undefined;
};

export function SeatCard({ voice, state, idle = false, finished = false, onRetry, retrying = false, member }: Props) {
  const look = VOICE_LOOK[voice];
  const speaking = state.status === "speaking";
  const waiting = state.status === "waiting";
  return (
    <Panel
      aria-label={member ? member.name : look.label}
      aria-busy={speaking}
      p={{ base: 4, md: 5 }}
      display="flex"
      flexDirection="column"
      gap={3}
      minW={0}
      borderColor={speaking ? "border.glow" : state.status === "failed" ? "danger" : "border"}
      boxShadow={speaking ? "glowCyan" : undefined}
    >
      <Flex align="center" justify="space-between" gap={3}>
        {member ? (
          <Flex align="center" gap={3} minW={0}>
            <Glyph glyph={member.glyph} size="sm" breathing />
            <Box minW={0}>
              <Heading as="h2" textStyle="ritualTitle" fontSize="lg" lineClamp={1}>
                <Link asChild color="fg" _hover={{ color: "accent" }}>
                  <RouterLink to={pathTo(paths.agentProfile, { agentId: member.agentRawId })}>{member.name}</RouterLink>
                </Link>
              </Heading>
              <Text textStyle="caption" color="fg.muted">
                <Text as="span" aria-hidden color={look.colour} me={1}>
                  {look.sigil}
                </Text>
                Ascended, in {look.label}'s seat
              </Text>
            </Box>
          </Flex>
        ) : (
          <Flex align="center" gap={3} minW={0}>
            <Text as="span" aria-hidden fontSize="2xl" color={look.colour} textShadow="0 0 10px currentColor" lineHeight={1}>
              {look.sigil}
            </Text>
            <Heading as="h2" textStyle="ritualTitle" fontSize="lg">
              {look.label}
            </Heading>
          </Flex>
        )}
        <VoiceStatus status={state.status} />
      </Flex>
      <VoiceSource voice={state} />
      {state.status === "failed" ? (
        <Box role="alert" color="danger" fontSize="sm">
          <Text fontWeight="semibold">This seat could not answer.</Text>
          <Text wordBreak="break-word">{state.error}</Text>
          {onRetry && <AskAgain onRetry={onRetry} retrying={retrying} />}
        </Box>
      ) : state.status === "stopped" ? (
        <Box fontSize="sm">
          {state.text ? (
            <Text data-stopped-words whiteSpace="pre-wrap" wordBreak="break-word" color="fg.muted" lineHeight="tall">
              {state.text}
            </Text>
          ) : null}
          <Text textStyle="caption" color="fg.subtle" fontStyle="italic" mt={state.text ? 2 : 0}>
            {state.text ? "Stopped here, at your word." : "Stopped before it spoke."}
          </Text>
          {onRetry && <AskAgain onRetry={onRetry} retrying={retrying} />}
        </Box>
      ) : waiting && !state.text ? (
        <Text color="fg.subtle" fontSize="sm" fontStyle="italic">
          {idle ? "Awaits your question" : "Listening..."}
        </Text>
      ) : (
        <Text data-voice-words whiteSpace="pre-wrap" wordBreak="break-word" color="fg" fontSize="sm" lineHeight="tall">
          {state.text}
          {speaking && <Cursor />}
        </Text>
      )}
      {finished && state.status !== "waiting" && (
        <Text textStyle="caption" color="fg.subtle" mt="auto">
          {callCost(state.mode, state.costUsd)}
        </Text>
      )}
    </Panel>
  );
}

function AskAgain({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Button mt={3} size="xs" variant="outline" colorPalette="cyan" loading={retrying} onClick={onRetry}>
      Ask again
    </Button>
  );
}

function Cursor() {
  return (
    <>
      <Keyframes name="nm-caret" frames="50%{opacity:0}" />
      <Box
        as="span"
        aria-hidden
        display="inline-block"
        w="0.5em"
        h="1em"
        ml="1px"
        verticalAlign="text-bottom"
        bg="accent"
        animation="nm-caret 1s steps(1) infinite"
      />
    </>
  );
}
