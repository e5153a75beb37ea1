// Component recipes of the ritual theme.
import { defineRecipe } from "@chakra-ui/react";

/** The luminous glyph: a symbol that glows and breathes. */
export const glyphRecipe = defineRecipe({
  className: "nm-glyph",
  base: {
    fontFamily: "body",
    color: "glow.cyan",
    lineHeight: 1,
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    textShadow: "glowText",
  },
  variants: {
    size: {
      sm: { fontSize: "xl" },
      md: { fontSize: "3xl" },
      lg: { fontSize: "5xl" },
    },
    breathing: { true: { animation: "pulseGlow" } },
  },
  defaultVariants: { size: "md" },
});

/**
 * A card floating in the void. No backdrop blur: a browser compositing in software would blur
 * again behind every card on each frame of the sky's motion; a denser surface keeps the
 * constellations from showing through instead.
 */
export const panelRecipe = defineRecipe({
  className: "nm-panel",
  base: {
    bg: "surface",
    borderWidth: "1px",
    borderColor: "border",
    borderRadius: "xl",
    transition: "border-color 0.2s, box-shadow 0.2s, transform 0.2s",
  },
  variants: {
    interactive: {
      true: {
        _hover: { borderColor: "border.glow", boxShadow: "glowCyan", transform: "translateY(-2px)" },
        _focusWithin: { borderColor: "border.glow", boxShadow: "glowCyan" },
      },
    },
    dimmed: { true: { opacity: 0.55, filter: "grayscale(0.6)" } },
  },
});

/**
 * The product's two buttons, added to Chakra's button recipe: `ritual` (the one act a screen
 * is for: glowing cyan with dark text, AA contrast) and `veil` (everything else: an outline).
 */
export const buttonVariants = defineRecipe({
  variants: {
    variant: {
      ritual: {
        bg: "glow.cyan",
        color: "void.950",
        fontFamily: "heading",
        fontWeight: "bold",
        letterSpacing: "0.12em",
        _hover: { bg: "#b8f3ff", boxShadow: "glowCyan" },
        _disabled: { opacity: 0.5 },
      },
      veil: {
        bg: "transparent",
        color: "accent",
        borderWidth: "1px",
        borderColor: "border.glow",
        fontFamily: "heading",
        letterSpacing: "0.08em",
        _hover: { bg: "rgba(139, 233, 253, 0.08)", boxShadow: "glowCyan" },
      },
    },
  },
});

export const recipes = { glyph: glyphRecipe, panel: panelRecipe, button: buttonVariants };
