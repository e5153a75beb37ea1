// The ritual's raw colours, the one place they are written. The theme's colour tokens are built
// from them (./index.ts); code that needs a real colour string rather than a token (the Glyph
// Forge's drawn images, which cannot read the page's CSS variables) imports them from here.
// No imports: the generator's modules load this without the Chakra system.

/** The dark cosmos, from the deepest black to the raised violet-grey of a panel. */
export const voidColours = {
  950: "#05040c",
  900: "#0b0918",
  800: "#141127",
  700: "#1f1a3a",
  600: "#2d2752",
} as const;

/** The glows of glyphs, links and charts. */
export const glowColours = {
  cyan: "#8be9fd",
  violet: "#c084fc",
  pink: "#f472b6",
  green: "#86efac",
  gold: "#f5d38a",
} as const;

/** The two nebulae tinting the sky behind every screen (StarField), also an avatar's gradient. */
export const nebulaColours = {
  violet: "#4c1d95",
  teal: "#0e7490",
} as const;
