// The loading ritual: four seat sigils circling a pulsing eye while the Council convenes.
// Pure CSS transforms, so the compositor turns it without waking the main thread.
import { Box, Flex, Text } from "@chakra-ui/react";
import { Keyframes } from "../../components/Keyframes";
import { SEATS } from "./councilStream";
import { VOICE_LOOK } from "./seats";

export function SummoningRitual({ label }: { label: string }) {
  return (
    <Flex role="status" aria-live="polite" direction="column" align="center" gap={3} py={4}>
      <Keyframes name="nm-orbit" frames="to{transform:rotate(360deg)}" />
      <Box position="relative" w="96px" h="96px" aria-hidden>
        <Box
          position="absolute"
          inset={0}
          borderRadius="full"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border.glow"
          animation="nm-orbit 6s linear infinite reverse"
        />
        <Box position="absolute" inset={0} animation="nm-orbit 3.2s linear infinite">
          {SEATS.map((seat, i) => (
            <Text
              key={seat}
              as="span"
              position="absolute"
              top="50%"
              left="50%"
              fontSize="lg"
              lineHeight={1}
              color={VOICE_LOOK[seat].colour}
              textShadow="0 0 8px currentColor"
              transform={`translate(-50%, -50%) rotate(${i * 90}deg) translateY(-44px) rotate(${-i * 90}deg)`}
            >
              {VOICE_LOOK[seat].sigil}
            </Text>
          ))}
        </Box>
        <Text
          as="span"
          position="absolute"
          top="50%"
          left="50%"
          transform="translate(-50%, -50%)"
          fontSize="3xl"
          color="glow.gold"
          textShadow="glowText"
          animation="pulseGlow"
        >
          ◉
        </Text>
      </Box>
      <Text textStyle="loadingLabel" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
    </Flex>
  );
}
