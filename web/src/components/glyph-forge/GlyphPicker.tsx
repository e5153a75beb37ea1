// The generator as a form field, for the forge and remix forms: pick a tone and a function,
// regenerate until it feels right, then take the glyph. The form receives the image (a data
// URL for avatarUrl) and a text mark of the same tone for its glyph field.
import { Button, Flex, Stack } from "@chakra-ui/react";
import { useEffect } from "react";
import { glowButton } from "../../theme/ritual";
import type { GeneratedGlyph } from "./generate";
import { GlyphCanvas } from "./GlyphCanvas";
import { GlyphControls } from "./GlyphControls";
import type { Tone } from "./tones";
import { useGlyphForge } from "./useGlyphForge";

type Props = {
  /** The agent's name as typed in the form; the glyph follows it. */
  name: string;
  tone?: Tone;
  onPick: (glyph: GeneratedGlyph) => void;
  pickLabel?: string;
};

export function GlyphPicker({ name, tone = "mystical", onPick, pickLabel = "Take this glyph" }: Props) {
  const forge = useGlyphForge({ name, tone });
  const { setName } = forge;
  useEffect(() => {
    setName(name);
  }, [name, setName]);
  return (
    <Flex direction={{ base: "column", md: "row" }} gap={6} align={{ base: "stretch", md: "flex-start" }}>
      <Stack flex="1" minW={0}>
        <GlyphControls forge={forge} showName={false} />
      </Stack>
      <Stack align="center" gap={3}>
        <GlyphCanvas glyph={forge.glyph} label={`Generated glyph for ${name.trim() || "an unnamed agent"}`} />
        <Button type="button" size="sm" variant="outline" onClick={forge.regenerate}>
          Regenerate
        </Button>
        <Button type="button" size="sm" {...glowButton} onClick={() => onPick(forge.glyph)}>
          {pickLabel}
        </Button>
      </Stack>
    </Flex>
  );
}
