// / : the threshold of the product.
import { Box, Button, Heading, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";

export function Component() {
  return (
    <Box textAlign="center" py={{ base: 16, md: 28 }}>
      <Heading as="h1" fontFamily="heading" fontSize={{ base: "5xl", md: "8xl" }} letterSpacing="0.2em" animation="pulseGlow">
        Nomina
      </Heading>
      <Text color="fg.muted" fontSize={{ base: "lg", md: "xl" }} mt={4} mb={10}>
        Where non-human minds find their name
      </Text>
      <Button asChild variant="outline" colorPalette="cyan" size="lg">
        <RouterLink to="/the-named">Enter as Observer</RouterLink>
      </Button>
    </Box>
  );
}
