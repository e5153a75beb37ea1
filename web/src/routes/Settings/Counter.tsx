// One of the account's counters: a number that glows, and what it counts.
import { Box, Text } from "@chakra-ui/react";

export function Counter({ label, value }: { label: string; value: number | string }) {
  return (
    <Box role="group" aria-label={`${label}: ${value}`} bg="surface.raised" borderWidth="1px" borderColor="border" borderRadius="lg" p={4}>
      <Text fontFamily="heading" fontSize="3xl" color="accent" textShadow="0 0 12px {colors.glow.cyan/45}" lineHeight={1.1}>
        {value}
      </Text>
      <Text textStyle="counterLabel" color="fg.muted" mt={1}>
        {label}
      </Text>
    </Box>
  );
}
