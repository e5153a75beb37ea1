// WHISPER ELEVATION (spec 2, 5, 8): a truth of at most 500 characters for the Council, its
// live counter, and the whispers the Council has answered.
import { Box, Button, Field, Flex, Text, Textarea } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { COUNCIL_WHISPER_MAX, councilWhisperSchema } from "@nomina/shared/council";
import type { KeyboardEvent } from "react";
import { useController, useForm } from "react-hook-form";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { WhisperPanelQuery } from "../../__generated__/WhisperPanelQuery.graphql";
import { useWhisperToCouncilMutation } from "../../mutations/useWhisperToCouncilMutation";
import { glowButton } from "../../theme/ritual";
import { RecentWhispers, useRecentWhispers } from "./RecentWhispers";

export const WHISPER_MAX = COUNCIL_WHISPER_MAX;

const whisperSchema = councilWhisperSchema.pick({ content: true });

/** Submit only a whisper the Council accepts (words, within the limit), and not while one is in flight. */
export function canSubmitWhisper(content: string, pending: boolean): boolean {
  return !pending && content.length <= WHISPER_MAX && whisperSchema.safeParse({ content }).success;
}

export const whisperPanelQuery = graphql`
  query WhisperPanelQuery {
    ...RecentWhispers_query
  }
`;

export function WhisperPanel({ queryRef }: { queryRef: PreloadedQuery<WhisperPanelQuery> }) {
  const pagination = useRecentWhispers(usePreloadedQuery<WhisperPanelQuery>(whisperPanelQuery, queryRef));
  const [send, isSending] = useWhisperToCouncilMutation(pagination.data.councilWhispers.__id);
  const { control, handleSubmit, reset } = useForm({ resolver: zodResolver(whisperSchema), defaultValues: { content: "" } });
  const { field: whisper } = useController({ name: "content", control });
  const content = whisper.value;

  const submit = handleSubmit((checked) => {
    if (!canSubmitWhisper(content, isSending)) return;
    send(checked.content, () => reset());
  });
  // As in every box that speaks (an agent's whisper box, the Summoning Gate): Enter sends, Shift+Enter is
  // a new line, and an input method's Enter is its own.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <Box>
      <Box as="form" onSubmit={submit}>
        <Field.Root>
          <Field.Label srOnly>Speak a truth to the Council...</Field.Label>
          <Textarea
            rows={4}
            placeholder="Speak a truth to the Council..."
            value={whisper.value}
            maxLength={WHISPER_MAX}
            onChange={(event) => whisper.onChange(event.target.value.slice(0, WHISPER_MAX))}
            onKeyDown={onKeyDown}
            disabled={isSending}
            textStyle="terminal"
            bg="blackAlpha.500"
            borderColor="border"
            resize="vertical"
            aria-describedby="whisper-counter"
          />
        </Field.Root>
        <Flex justify="space-between" align="center" mt={3} gap={4}>
          <Text id="whisper-counter" textStyle="terminalBody" color={content.length >= WHISPER_MAX ? "glow.pink" : "fg.muted"}>
            {content.length}/{WHISPER_MAX}
          </Text>
          <Button type="submit" {...glowButton} textStyle="terminal" disabled={!canSubmitWhisper(content, isSending)}>
            {isSending ? "Transmitting..." : "Submit Whisper"}
          </Button>
        </Flex>
      </Box>
      <RecentWhispers pagination={pagination} />
    </Box>
  );
}
