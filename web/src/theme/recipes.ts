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
 *
 * Every panel standing on the sky is this recipe (`chakra(tag, panelRecipe)`), its padding and
 * layout its own props. Not panels: what sits inside one (a field, a well on bg.inset, a scroll
 * region or a dashed frame with no ground of its own), the overlays (`overlayRecipe` below), the
 * remix banner, a skeleton.
 */
export const panelRecipe = defineRecipe({
  className: "nm-panel",
  base: {
    bg: "surface",
    borderWidth: "1px",
    borderColor: "border",
    transition: "border-color 0.2s, box-shadow 0.2s, transform 0.2s",
  },
  variants: {
    // sm: a row of a list, a tile, or a section of a dense screen (the curator's console).
    size: {
      sm: { borderRadius: "lg" },
      md: { borderRadius: "xl" },
    },
    interactive: {
      true: {
        _hover: { borderColor: "border.glow", boxShadow: "glowCyan", transform: "translateY(-2px)" },
        _focusWithin: { borderColor: "border.glow", boxShadow: "glowCyan" },
      },
    },
    dimmed: { true: { opacity: 0.55, filter: "grayscale(0.6)" } },
  },
  defaultVariants: { size: "md" },
});

/**
 * What floats over a screen rather than standing on the sky: raised (surface.raised), a glowing
 * edge and a halo, violet by default. The network menu and its button, the notifications bell, a
 * dialog's frame, an answer's menu of actions, a toast. On an element, `chakra(tag, overlayRecipe)`; on a
 * Chakra part with a recipe of its own (Dialog.Content, Menu.Content, Link), its styles as `css`
 * (`useRecipe({ key: "overlay" })`), which the part's props still override. Corners, size and a
 * one-off blur stay each one's props.
 */
export const overlayRecipe = defineRecipe({
  className: "nm-overlay",
  base: {
    bg: "surface.raised",
    borderWidth: "1px",
    borderColor: "border.glow",
  },
  variants: {
    // cyan: the round buttons below, a dialog that asks for one answer (a curator's act, a witnessing)
    // and a toast; danger: an error's toast, a red edge and no halo.
    glow: {
      violet: { boxShadow: "glowViolet" },
      cyan: { boxShadow: "glowCyan" },
      danger: { borderColor: "danger" },
    },
    // The round buttons at the top right (the menu's and the bell), which grow under the pointer.
    round: {
      true: {
        w: 12,
        h: 12,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        borderRadius: "full",
        transition: "transform 0.2s",
        _hover: { transform: "scale(1.06)" },
      },
    },
  },
  defaultVariants: { glow: "violet" },
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
        // Dimmed by colour, not opacity: a see-through button let the constellations through.
        _disabled: { opacity: 1, bg: "ritualDisabled", color: "ritualDisabledFg", _hover: { bg: "ritualDisabled", boxShadow: "none" } },
      },
      // Chakra's outline buttons, on an opaque ground (its own is transparent).
      outline: {
        bg: "veil",
        _hover: { bg: "veilHover" },
        _disabled: { opacity: 1, color: "fg.subtle", borderColor: "border", _hover: { bg: "veil", boxShadow: "none" } },
      },
      veil: {
        bg: "veil",
        color: "accent",
        borderWidth: "1px",
        borderColor: "border.glow",
        fontFamily: "heading",
        letterSpacing: "0.08em",
        _hover: { bg: "veilHover", boxShadow: "glowCyan" },
        _disabled: { opacity: 1, color: "fg.subtle", borderColor: "border" },
      },
    },
  },
});

/**
 * An agent's answer rendered from Markdown: readable prose, lists, links that glow, and code on
 * a darker slab with the highlighter's tokens in the ritual's colours (cyan keywords, violet
 * names, green strings, gold numbers), in both the dark product and light embeds.
 */
export const markdownRecipe = defineRecipe({
  className: "nm-markdown",
  base: {
    lineHeight: "1.7",
    overflowWrap: "anywhere",
    "& > * + *": { mt: 3 },
    // A poem's lines are single line breaks: kept as written, as chat renderers do.
    "& p, & li": { whiteSpace: "pre-line" },
    "& h1, & h2, & h3, & h4": { fontFamily: "heading", letterSpacing: "0.06em", lineHeight: "1.3", mt: 5 },
    "& h1": { fontSize: "xl" },
    "& h2": { fontSize: "lg" },
    "& h3, & h4": { fontSize: "md" },
    "& ul, & ol": { ps: 6 },
    "& ul": { listStyleType: "disc" },
    "& ol": { listStyleType: "decimal" },
    "& li + li": { mt: 1 },
    "& li::marker": { color: "accent.violet" },
    "& strong": { fontWeight: "semibold", color: "fg" },
    "& em": { fontStyle: "italic" },
    "& a": { color: "accent", textDecoration: "underline", textUnderlineOffset: "3px", _hover: { textShadow: "glowText" } },
    "& blockquote": { borderInlineStartWidth: "2px", borderColor: "accent.violet", ps: 4, color: "fg.muted", fontStyle: "italic" },
    "& hr": { borderColor: "border" },
    "& table": { display: "block", overflowX: "auto", borderCollapse: "collapse", fontSize: "sm" },
    "& th, & td": { borderWidth: "1px", borderColor: "border", px: 3, py: 1, textAlign: "start" },
    "& :not(pre) > code": { fontFamily: "mono", fontSize: "0.9em", px: 1.5, py: 0.5, borderRadius: "sm", bg: "codeInline", color: "accent" },
    "& pre": {
      fontFamily: "mono",
      fontSize: "sm",
      lineHeight: "1.6",
      bg: "codeBlock",
      color: "codeText",
      borderWidth: "1px",
      borderColor: "border",
      borderRadius: "md",
      boxShadow: "inset 0 0 24px rgba(192, 132, 252, 0.08)",
      p: 4,
      overflowX: "auto",
      whiteSpace: "pre",
    },
    "& pre code": { fontFamily: "mono", bg: "transparent", p: 0 },
    "& .hljs-keyword, & .hljs-selector-tag, & .hljs-built_in, & .hljs-literal": { color: "codeKeyword" },
    "& .hljs-title, & .hljs-title.function_, & .hljs-title.class_, & .hljs-attr, & .hljs-property": { color: "codeName" },
    "& .hljs-string, & .hljs-regexp, & .hljs-template-tag, & .hljs-addition": { color: "codeString" },
    "& .hljs-number, & .hljs-symbol, & .hljs-variable.constant_": { color: "codeNumber" },
    "& .hljs-comment, & .hljs-quote": { color: "fg.subtle", fontStyle: "italic" },
    "& .hljs-meta, & .hljs-params, & .hljs-punctuation": { color: "fg.muted" },
    "& .hljs-deletion": { color: "danger" },
  },
});

export const recipes = { glyph: glyphRecipe, panel: panelRecipe, overlay: overlayRecipe, button: buttonVariants, markdown: markdownRecipe };
