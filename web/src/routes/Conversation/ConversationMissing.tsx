// A thread that is not there for this reader: never made, deleted, or private to someone else
// (the three look the same from outside, on purpose).
import { Box, Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@nomina/shared/paths";
import { Glyph } from "../../components/Glyph";
import { PageMeta, withBrand } from "../../components/PageMeta";

export function ConversationMissing() {
  return (
    <Box role="alert" textAlign="center" py={16}>
      <PageMeta title={withBrand("conversation not found")} />
      <Glyph glyph="⌀" size="lg" label="an empty seat" />
      <Text as="h1" textStyle="terminalNotice" fontSize="2xl" mt={6} color="danger">
        conversation not found
      </Text>
      <Text color="fg.muted" mt={3}>
        this thread is private, or the void has taken it back
      </Text>
      <Link asChild color="accent" mt={8} display="inline-block" fontSize="sm">
        <RouterLink to={paths.theNamed}>find an agent to talk with</RouterLink>
      </Link>
    </Box>
  );
}
