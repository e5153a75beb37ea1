// The question for the Council: a textarea that INVOKE THE COUNCIL (or Cmd/Ctrl+Enter) sends.
// Blank questions are not sent; nothing is sent while the Council is still speaking. Above the
// button: the choices of seats, chair and review, and what the question would cost.
import { Box, Button, Field, Flex, Kbd, Text, Textarea } from "@chakra-ui/react";
import type { FormEvent, KeyboardEvent, ReactNode } from "react";
import { useRotatingPlaceholder } from "./useRotatingPlaceholder";

/** The server's limit for a question (InvokeCouncilInput). */
export const PROMPT_MAX = 4000;

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  pending: boolean;
  choices?: ReactNode;
  estimate?: ReactNode;
};

export function SummonForm({ value, onChange, onSubmit, pending, choices, estimate }: Props) {
  const placeholder = useRotatingPlaceholder();
  const blank = value.trim() === "";
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!blank && !pending) onSubmit();
  };
  /** As in the whisper box: Enter invokes, Shift+Enter is a new line (an input method's Enter is its own); ⌘/Ctrl+Enter still invokes. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form onSubmit={submit} aria-label="Invoke the Council">
      <Field.Root>
        <Field.Label textStyle="promptLabel" color="fg.muted">
          Your question for the Council
        </Field.Label>
        <Textarea
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          maxLength={PROMPT_MAX}
          rows={4}
          autoresize
          minH="7.5rem"
          bg="surface"
          borderColor="border"
          fontSize="md"
          _placeholder={{ color: "fg.subtle" }}
          _focusVisible={{ borderColor: "border.glow", boxShadow: "glowCyan", outline: "none" }}
        />
      </Field.Root>
      {choices && <Box mt={4}>{choices}</Box>}
      {estimate && <Box mt={3}>{estimate}</Box>}
      <Flex mt={4} align="center" justify="space-between" gap={4} flexWrap="wrap">
        {/* A keyboard's shortcut: not said on a touch screen, which has none. */}
        <Text textStyle="caption" color="fg.subtle" css={{ "@media (hover: none) and (pointer: coarse)": { display: "none" } }}>
          <Kbd size="sm">Enter</Kbd> invokes · <Kbd size="sm">Shift</Kbd> + <Kbd size="sm">Enter</Kbd> for a new line
        </Text>
        <Button
          type="submit"
          disabled={blank || pending}
          size="lg"
          variant="outline"
          colorPalette="cyan"
          textStyle="ritualAction"
          w={{ base: "full", sm: "auto" }}
          _hover={{ boxShadow: "glowCyan" }}
        >
          INVOKE THE COUNCIL
        </Button>
      </Flex>
    </form>
  );
}
