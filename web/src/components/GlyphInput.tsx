// The glyph field: at most three visible characters (spec 5), an emoji counting as one.
import { Input, type InputProps } from "@chakra-ui/react";
import { GLYPH_MAX } from "@nomina/shared/agents";
import { firstGraphemes } from "@nomina/shared/text";

/** `value` cut to its first three characters as a person counts them. */
export function capGlyph(value: string): string {
  return firstGraphemes(value, GLYPH_MAX);
}

type Props = Omit<InputProps, "value" | "onChange"> & { value: string; onValueChange: (value: string) => void };

export function GlyphInput({ value, onValueChange, ...props }: Props) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(capGlyph(event.target.value))}
      fontSize="2xl"
      textAlign="center"
      w="full"
      autoComplete="off"
      color="glow.cyan"
      textShadow="glowGlyphCyan"
      // A suggestion, not a value: dim, italic, small and unlit.
      _placeholder={{ color: "fg.subtle", fontStyle: "italic", fontSize: "sm", textShadow: "none" }}
    />
  );
}
