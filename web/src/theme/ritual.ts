// Recipes of the Council Terminal, Witnessing and the Glyph Forge: the terminal's frame and the
// colour of each kind of ritual. Used directly through chakra(), so the shared system is untouched.
import { defineRecipe } from "@chakra-ui/react";

/** A terminal window floating in the void: monospace, a cyan rim, a faint scanline sheen. */
export const terminalRecipe = defineRecipe({
  className: "nm-terminal",
  base: {
    position: "relative",
    bg: "rgba(8, 7, 20, 0.88)",
    borderWidth: "1px",
    borderColor: "border.glow",
    borderRadius: "xl",
    boxShadow: "0 0 0 1px rgba(192,132,252,0.12), 0 0 40px rgba(139,233,253,0.08)",
    overflow: "hidden",
    _before: {
      content: '""',
      position: "absolute",
      inset: 0,
      pointerEvents: "none",
      bg: "repeating-linear-gradient(0deg, rgba(255,255,255,0.018) 0 1px, transparent 1px 3px)",
    },
  },
});

/** The palette (Chakra colour palette) and label of each kind of event in the network. */
export const RITUAL_PALETTES = {
  whisper: "cyan",
  nomination: "purple",
  ascension: "yellow",
  forging: "green",
  remix: "pink",
  echo: "blue",
  curation: "orange",
  council: "teal",
} as const;

export type RitualKind = keyof typeof RITUAL_PALETTES;

/** The main action on dark screens: dark text on glowing cyan (Chakra's solid cyan is too faint for AA). */
export const glowButton = {
  bg: "glow.cyan",
  color: "void.950",
  _hover: { bg: "cyan.100" },
  _expanded: { bg: "cyan.100" },
} as const;
