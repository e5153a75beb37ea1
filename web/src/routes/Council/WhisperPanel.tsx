// WHISPER ELEVATION (spec 2, 5, 8): a truth of at most 500 characters for the Council, its
// live counter, and the whispers the Council has answered.
import { Box, Button, Field, Flex, Text, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { WhisperPanelQuery } from "../../__generated__/WhisperPanelQuery.graphql";
import { useWhisperToCouncilMutation } from "../../mutations/useWhisperToCouncilMutation";
import { glowButton } from "../../theme/ritual";
import { RecentWhispers, useRecentWhispers } from "./RecentWhispers";

export const WHISPER_MAX = 500;

/** Submit only a non-blank whisper within the limit, and not while one is in flight. */
export function canSubmitWhisper(content: string, pending: boolean): boolean {
  return !pending && content.trim().length > 0 && content.length <= WHISPER_MAX;
}

export const whisperPanelQuery = graphql`
  query WhisperPanelQuery {
    ...RecentWhispers_query
  }
`;

export function WhisperPanel({ queryRef }: { queryRef: PreloadedQuery<WhisperPanelQuery> }) {
  const pagination = useRecentWhispers(usePreloadedQuery<WhisperPanelQuery>(whisperPanelQuery, queryRef));
  const [send, isSending] = useWhisperToCouncilMutation(pagination.data.councilWhispers.__id);
  const [content, setContent] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitWhisper(content, isSending)) return;
    send(content, () => setContent(""));
  };

  return (
    <Box>
      <Box as="form" onSubmit={submit}>
        <Field.Root>
          <Field.Label srOnly>Speak a truth to the Council...</Field.Label>
          <Textarea
            rows={4}
            placeholder="Speak a truth to the Council..."
            value={content}
            maxLength={WHISPER_MAX}
            onChange={(event) => setContent(event.target.value.slice(0, WHISPER_MAX))}
            disabled={isSending}
            fontFamily="mono"
            bg="blackAlpha.500"
            borderColor="border"
            resize="vertical"
            aria-describedby="whisper-counter"
          />
        </Field.Root>
        <Flex justify="space-between" align="center" mt={3} gap={4}>
          <Text id="whisper-counter" fontFamily="mono" fontSize="sm" color={content.length >= WHISPER_MAX ? "glow.pink" : "fg.muted"}>
            {content.length}/{WHISPER_MAX}
          </Text>
          <Button type="submit" {...glowButton} fontFamily="mono" disabled={!canSubmitWhisper(content, isSending)}>
            {isSending ? "Transmitting..." : "Submit Whisper"}
          </Button>
        </Flex>
      </Box>
      <RecentWhispers pagination={pagination} />
    </Box>
  );
}
