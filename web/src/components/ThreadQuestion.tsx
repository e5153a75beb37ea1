// The asker's turn in a thread: the words sent, or the glyph ritual chosen (its fixed prompt is
// the ritual's own business and is not shown).
import { Box, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { ThreadQuestion_message$key } from "../__generated__/ThreadQuestion_message.graphql";
import { GLYPH_RITUALS } from "./rituals";

const fragment = graphql`
  fragment ThreadQuestion_message on Message {
    text
    glyphType
  }
`;

export function ThreadQuestion({ message }: { message: ThreadQuestion_message$key }) {
  const data = useFragment(fragment, message);
  const ritual = GLYPH_RITUALS.find((rite) => rite.id === data.glyphType);
  return (
    <Box alignSelf="flex-end" maxW={{ base: "92%", md: "80%" }} ms="auto" px={4} py={3} borderRadius="lg" bg="questionBg" borderWidth="1px" borderColor="border">
      <Text textStyle="caption" color="fg.subtle" mb={1}>
        you asked
      </Text>
      {ritual ? (
        <Text data-testid="asked" display="flex" alignItems="center" gap={2}>
          <chakra.span aria-hidden color="glow.violet" textShadow="0 0 8px rgba(192,132,252,0.7)">
            {ritual.glyph}
          </chakra.span>
          {ritual.label}
        </Text>
      ) : (
        <Text data-testid="asked" whiteSpace="pre-wrap">
          {data.text}
        </Text>
      )}
    </Box>
  );
}
