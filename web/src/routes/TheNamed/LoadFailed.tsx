// The listing's load error (spec 8), worded as the spec words it.
import { Box, Text } from "@chakra-ui/react";
import { Glyph } from "../../components/Glyph";

export function LoadFailed() {
  return (
    <Box role="alert" textAlign="center" py={20}>
      <Glyph glyph="⌀" size="lg" label="broken signal" />
      <Text color="danger" fontSize="lg" mt={6}>
        Failed to load agents from the network
      </Text>
    </Box>
  );
}
