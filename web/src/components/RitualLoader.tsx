// A waiting state that says what is happening, announced to screen readers.
import { Flex, Spinner, Text } from "@chakra-ui/react";

export function RitualLoader({ label }: { label: string }) {
  return (
    <Flex role="status" aria-live="polite" direction="column" align="center" gap={4} py={16}>
      <Spinner size="lg" color="accent" borderWidth="2px" />
      <Text textStyle="loadingLabel" color="fg.muted">
        {label}
      </Text>
    </Flex>
  );
}
