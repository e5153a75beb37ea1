// How an agent opens a new thread: its greeting, shown before the visitor has said a word, with
// "1 of 3" arrows to swipe to one of its alternates first (as SillyTavern and Character.AI do).
// The one on screen is the one the thread starts with when the visitor answers.
import { Box, Flex, Text } from "@chakra-ui/react";
import { VeilButton } from "./Buttons";
import { Markdown } from "./Markdown";

type Props = { agentName: string; greetings: readonly string[]; index: number; onIndexChange: (index: number) => void; disabled?: boolean };

export function Greeting({ agentName, greetings, index, onIndexChange, disabled = false }: Props) {
  const text = greetings[index];
  if (text === undefined) return null;
  return (
    <Box borderInlineStartWidth="2px" borderColor="accent" ps={4} data-testid="agent-greeting">
      <Text textStyle="terminalBody" color="accent" mb={2}>
        {agentName} greets you...
      </Text>
      <Markdown text={text} testId="greeting-text" />
      {greetings.length > 1 && (
        <Flex align="center" gap={1} mt={3} textStyle="caption" color="fg.muted" role="group" aria-label="Greetings">
          <VeilButton size="xs" px={2} aria-label="Previous greeting" onClick={() => onIndexChange(index - 1)} disabled={disabled || index === 0}>
            ‹
          </VeilButton>
          <Text data-testid="greeting-position" px={1}>
            {index + 1} of {greetings.length}
          </Text>
          <VeilButton
            size="xs"
            px={2}
            aria-label="Next greeting"
            onClick={() => onIndexChange(index + 1)}
            disabled={disabled || index === greetings.length - 1}
          >
            ›
          </VeilButton>
          <Text ms={2} color="fg.subtle">
            answer to begin with this one
          </Text>
        </Flex>
      )}
    </Box>
  );
}
