// Whether the live connection is up (spec 2's "signal status"), from the socket's own events.
import { Box, Flex, Text } from "@chakra-ui/react";
import { Keyframes } from "../../components/Keyframes";
import { useSignal, type SignalState } from "../../relay/signal";

const LOOK: Record<SignalState, { label: string; colour: string; pulse: boolean }> = {
  live: { label: "SIGNAL LIVE", colour: "glow.green", pulse: true },
  connecting: { label: "SEEKING SIGNAL...", colour: "glow.gold", pulse: false },
  idle: { label: "SEEKING SIGNAL...", colour: "glow.gold", pulse: false },
  lost: { label: "SIGNAL LOST · reconnecting", colour: "danger", pulse: false },
};

export function SignalStatus() {
  const state = useSignal();
  const look = LOOK[state];
  return (
    <Flex
      role="status"
      aria-live="polite"
      aria-label={`Signal status: ${look.label}`}
      data-signal={state}
      align="center"
      gap={2}
      px={3}
      py={1.5}
      borderRadius="full"
      borderWidth="1px"
      borderColor={look.colour}
      bg="blackAlpha.600"
      w="fit-content"
      flexShrink={0}
      whiteSpace="nowrap"
    >
      <Box
        w={2.5}
        h={2.5}
        borderRadius="full"
        bg={look.colour}
        boxShadow={`0 0 10px {colors.${look.colour}}`}
        // Two steps a cycle: a blink, not a fade, so the live dot costs two frames every 2 s.
        animation={look.pulse ? "nm-signal 2s steps(1, end) infinite" : undefined}
      />
      <Keyframes name="nm-signal" frames="0%,100%{opacity:1}50%{opacity:.35}" />
      <Text textStyle="statusLabel" color={look.colour}>
        {look.label}
      </Text>
    </Flex>
  );
}
