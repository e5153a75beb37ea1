// The generator's inputs: name, one of the eight tones (each shown with its colours), function.
import { Box, Field, Flex, Input, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { useId } from "react";
import { TONE_STYLES, TONES } from "./tones";
import type { GlyphForgeState } from "./useGlyphForge";

export function GlyphControls({ forge, showName = true }: { forge: GlyphForgeState; showName?: boolean }) {
  const group = useId();
  return (
    <Flex direction="column" gap={5}>
      {showName && (
        <Field.Root>
          <Field.Label textStyle="fieldLabel" color="fg.muted">
            NAME
          </Field.Label>
          <Input
            value={forge.spec.name}
            onChange={(event) => forge.setName(event.target.value)}
            placeholder="The name it will answer to"
            maxLength={80}
            bg="blackAlpha.500"
            borderColor="border"
          />
        </Field.Root>
      )}
      <Box as="fieldset" minW={0}>
        <Text as="legend" textStyle="fieldLabel" color="fg.muted" mb={2}>
          TONE
        </Text>
        {/* As many columns as the longest tone ("Technological") fits in, whatever the panel's
            width; on a phone two, in smaller type. */}
        <SimpleGrid templateColumns={{ base: "repeat(2, minmax(0, 1fr))", sm: "repeat(auto-fill, minmax(8.75rem, 1fr))" }} gap={2}>
          {TONES.map((tone) => {
            const style = TONE_STYLES[tone];
            const selected = forge.spec.tone === tone;
            return (
              <chakra.label
                key={tone}
                position="relative"
                display="flex"
                alignItems="center"
                gap={{ base: 1.5, sm: 2 }}
                px={{ base: 2, sm: 2.5 }}
                py={2}
                minW={0}
                whiteSpace="nowrap"
                borderRadius="md"
                borderWidth="1px"
                borderColor={selected ? style.colours[0] : "border"}
                bg={selected ? "whiteAlpha.100" : "blackAlpha.400"}
                cursor="pointer"
                fontSize={{ base: "xs", sm: "sm" }}
                _focusWithin={{ outline: "2px solid {colors.cyan.300}", outlineOffset: "2px" }}
                _hover={{ borderColor: style.colours[0] }}
              >
                <chakra.input type="radio" name={group} value={tone} checked={selected} onChange={() => forge.setTone(tone)} srOnly />
                <Flex aria-hidden gap="2px">
                  {style.colours.slice(0, 3).map((colour) => (
                    <Box key={colour} w={2} h={2} borderRadius="full" bg={colour} />
                  ))}
                </Flex>
                {style.label}
              </chakra.label>
            );
          })}
        </SimpleGrid>
      </Box>
      <Field.Root>
        <Field.Label textStyle="fieldLabel" color="fg.muted">
          FUNCTION
        </Field.Label>
        <Input
          value={forge.spec.purpose}
          onChange={(event) => forge.setPurpose(event.target.value)}
          placeholder="What it was made to do"
          maxLength={200}
          bg="blackAlpha.500"
          borderColor="border"
        />
      </Field.Root>
    </Flex>
  );
}
