// The ritual look: a dark cosmos, glowing glyphs, readable text. Every screen takes its
// colours, fonts and glows from here rather than inline values.
import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { recipes } from "./recipes";

const config = defineConfig({
  cssVarsPrefix: "nm",
  globalCss: {
    "html, body": {
      bg: "void.950",
      color: "fg",
      minHeight: "100%",
      fontFamily: "body",
    },
    "::selection": { bg: "violet.700", color: "white" },
    ":focus-visible": { outline: "2px solid {colors.cyan.300}", outlineOffset: "2px" },
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Cinzel Variable', 'Cinzel', Georgia, serif" },
        body: { value: "'Inter Variable', Inter, system-ui, sans-serif" },
        mono: { value: "'JetBrains Mono', ui-monospace, monospace" },
      },
      colors: {
        void: {
          950: { value: "#05040c" },
          900: { value: "#0b0918" },
          800: { value: "#141127" },
          700: { value: "#1f1a3a" },
          600: { value: "#2d2752" },
        },
        glow: {
          cyan: { value: "#8be9fd" },
          violet: { value: "#c084fc" },
          pink: { value: "#f472b6" },
          green: { value: "#86efac" },
          gold: { value: "#f5d38a" },
        },
      },
      shadows: {
        glowCyan: { value: "0 0 12px rgba(139, 233, 253, 0.55), 0 0 32px rgba(139, 233, 253, 0.2)" },
        glowViolet: { value: "0 0 12px rgba(192, 132, 252, 0.55), 0 0 32px rgba(192, 132, 252, 0.2)" },
      },
      animations: {
        pulseGlow: { value: "nm-pulse-glow 4s ease-in-out infinite" },
      },
    },
    semanticTokens: {
      colors: {
        bg: { value: "{colors.void.950}" },
        fg: { value: "#ebe7ff" },
        "fg.muted": { value: "#b4aed6" },
        "fg.subtle": { value: "#8f89b3" },
        surface: { value: "rgba(20, 17, 39, 0.78)" },
        "surface.raised": { value: "rgba(31, 26, 58, 0.9)" },
        border: { value: "rgba(139, 233, 253, 0.18)" },
        "border.glow": { value: "rgba(139, 233, 253, 0.55)" },
        accent: { value: "{colors.glow.cyan}" },
        "accent.violet": { value: "{colors.glow.violet}" },
        danger: { value: "#fca5a5" },
      },
    },
    keyframes: {
      "nm-pulse-glow": {
        "0%, 100%": { textShadow: "0 0 8px rgba(139,233,253,0.7), 0 0 22px rgba(192,132,252,0.35)" },
        "50%": { textShadow: "0 0 14px rgba(139,233,253,0.95), 0 0 34px rgba(192,132,252,0.6)" },
      },
    },
    recipes,
  },
});

export const system = createSystem(defaultConfig, config);
