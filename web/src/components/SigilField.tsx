// A generated sigil for the agent being forged or remixed (the Glyph Forge's picker, issue #7):
// closed, a quiet invitation; open, the generator following the name typed above. Taking a
// sigil fills the glyph field with its text mark and keeps the image for avatarUrl.
import { Box, Flex, Spinner, Text, chakra } from "@chakra-ui/react";
import { Suspense, lazy, useId, useState } from "react";
import type { GeneratedGlyph } from "./glyph-forge/generate";
import { GlyphImage } from "./glyph-forge/GlyphImage";

// The generator is a chunk of its own: most people never open it.
const GlyphPicker = lazy(() => import("./glyph-forge/GlyphPicker").then((module) => ({ default: module.GlyphPicker })));

const Toggle = chakra("button");

type Props = {
  /** The agent's name as typed; the sigil is drawn from it. */
  name: string;
  /** The sigil taken, as a data URL, or null. */
  value: string | null;
  onChange: (sigil: GeneratedGlyph | null) => void;
};

export function SigilField({ name, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="lg" p={4}>
      <Flex align="center" gap={4} wrap="wrap">
        {value && <GlyphImage glyph={{ dataUrl: value }} size={56} alt={`The sigil of ${name.trim() || "this agent"}`} />}
        <Box flex="1" minW="12rem">
          <Text textStyle="sigilTitle">{value ? "Its sigil is chosen" : "A sigil of its own"}</Text>
          <Text fontSize="sm" color="fg.muted">
            {value ? "Shown as its avatar across the network." : "Optional: let the Glyph Forge draw one from its name, tone and purpose."}
          </Text>
        </Box>
        <Flex gap={3}>
          {value && (
            <Toggle
              type="button"
              onClick={() => onChange(null)}
              color="fg.muted"
              fontSize="sm"
              textDecoration="underline"
              cursor="pointer"
              _hover={{ color: "fg" }}
            >
              Remove sigil
            </Toggle>
          )}
          <Toggle
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((current) => !current)}
            color="accent"
            textStyle="terminalBody"
            cursor="pointer"
            _hover={{ textShadow: "0 0 8px currentColor" }}
          >
            {open ? "Close the forge" : value ? "Forge another" : "✧ Forge a sigil"}
          </Toggle>
        </Flex>
      </Flex>
      {open && (
        <Box id={panelId} mt={5}>
          <Suspense fallback={<Spinner color="accent" aria-label="Opening the Glyph Forge" />}>
            <GlyphPicker
              name={name}
              pickLabel="Take this sigil"
              onPick={(sigil) => {
                onChange(sigil);
                setOpen(false);
              }}
            />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
