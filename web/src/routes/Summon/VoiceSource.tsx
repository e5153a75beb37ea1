// Where a voice came from: a real model (named), or the offline oracle standing in for a seat
// without a key (API contract: clearly marked as such), or for a seat whose model the day's
// budget no longer pays for (said in so many words).
import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { oracleReasonText } from "@nomina/shared/minds";
import type { VoiceState } from "./councilStream";

export function VoiceSource({ voice }: { voice: VoiceState }) {
  if (!voice.mode) return null;
  const oracle = voice.mode === "oracle";
  const reason = oracle ? oracleReasonText(voice.oracleReason) : null;
  const source = (
    <HStack gap={2} flexWrap="wrap" minW={0}>
      <Badge variant={oracle ? "outline" : "solid"} colorPalette={oracle ? "purple" : "cyan"} textStyle="terminal" textTransform="uppercase">
        {oracle ? "Oracle" : "Model"}
      </Badge>
      {voice.model && (
        <Text as="span" textStyle="caption" color="fg.muted" truncate title={voice.model}>
          {oracle ? `offline oracle · ${voice.model}` : voice.model}
        </Text>
      )}
    </HStack>
  );
  if (!reason) return source;
  return (
    <Stack gap={1} minW={0}>
      {source}
      <Text textStyle="caption" color="accent.violet">
        {reason}
      </Text>
    </Stack>
  );
}
