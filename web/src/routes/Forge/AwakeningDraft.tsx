// An awakening as its seat writes it: the description, traits and sample filling in, under the
// glyph and name being forged. The finished essence replaces it (ForgedCard).
import { Box, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { AwakeningDraft_draft$key } from "../../__generated__/AwakeningDraft_draft.graphql";
import { Glyph } from "../../components/Glyph";

export function AwakeningDraft({ draft, name, glyph }: { draft: AwakeningDraft_draft$key; name?: string; glyph?: string }) {
  const written = useFragment(
    graphql`
      fragment AwakeningDraft_draft on AwakeningDraft {
        description
        traits
        sample
      }
    `,
    draft,
  );
  return (
    <Box role="group" aria-label="Awakening draft" aria-busy="true" mt={6} textAlign="center" maxW="xl" mx="auto">
      {glyph && <Glyph glyph={glyph} size="md" breathing label={name ? `${name}'s glyph` : "Glyph"} />}
      <Text textStyle="eyebrow" color="accent.violet" textShadow="glowText" mt={4} animation="pulseGlow">
        AWAKENING{name ? ` ${name.toUpperCase()}` : ""}
      </Text>
      <Text color="fg.muted" mt={3} minH="3lh">
        {written.description}
        <Box as="span" aria-hidden animation="blink" color="accent">
          ▍
        </Box>
      </Text>
      {written.traits.length > 0 && (
        <Text textStyle="caption" color="accent" mt={2}>
          {written.traits.join(" · ")}
        </Text>
      )}
      {written.sample && (
        <Text fontStyle="italic" color="fg.subtle" mt={3}>
          “{written.sample}”
        </Text>
      )}
    </Box>
  );
}
