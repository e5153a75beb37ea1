// The first row of the forge and remix forms: an agent's name, and beside it the glyph it is
// known by (stacked on a phone). The form keeps both values; this lays them out and shows their
// messages.
import { Box, Flex, Input } from "@chakra-ui/react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "./FormField";
import { GlyphInput } from "./GlyphInput";

type Props = {
  name: UseFormRegisterReturn<"name">;
  glyph: { value: string; onChange: (value: string) => void };
  errors: { name?: string; glyph?: string };
  /** Hints for a blank form; a remix starts filled in and needs none. */
  placeholders?: { name: string; glyph: string };
};

export function NameAndGlyph({ name, glyph, errors, placeholders }: Props) {
  return (
    <Flex gap={5} direction={{ base: "column", sm: "row" }}>
      <Box flex="1">
        <FormField label="Name" error={errors.name} required>
          <Input {...name} placeholder={placeholders?.name} bg="surface" borderColor="border" autoComplete="off" />
        </FormField>
      </Box>
      <Box flexShrink={0} w={{ base: "full", sm: "8.5rem" }}>
        <FormField label="Glyph" error={errors.glyph} helper="Up to 3 characters" required>
          <GlyphInput value={glyph.value} onValueChange={glyph.onChange} placeholder={placeholders?.glyph} bg="surface" borderColor="border" />
        </FormField>
      </Box>
    </Flex>
  );
}
