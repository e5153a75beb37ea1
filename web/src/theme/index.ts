// The ritual look: a dark cosmos, glowing glyphs, readable text. Every screen takes its
// colours, fonts and glows from here rather than inline values.
//
// Built on Chakra's base preset plus only the component recipes Nomina uses (./chakra.ts):
// the full default theme costs ~20 KB of gzipped JavaScript on every page. A screen that needs
// another Chakra component adds its recipe there.
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react";
import { chakraThemeConfig } from "./chakra";
import { recipes } from "./recipes";
import { textStyles } from "./text-styles";

/** Dark is the product; light exists for embeds placed on light sites (`?theme=light`). */
const tone = (dark: string, light: string) => ({ value: { _light: light, _dark: dark } });

const config = defineConfig({
  cssVarsPrefix: "nm",
  globalCss: {
    "html, body": {
      bg: "bg",
      color: "fg",
      minHeight: "100%",
      fontFamily: "body",
    },
    "::selection": { bg: "violet.700", color: "white" },
    ":focus-visible": { outline: "2px solid {colors.accent}", outlineOffset: "2px" },
    // A field in error (Field.Root invalid sets aria-invalid) is ringed in red, whatever border
    // colour its screen gave it: screens set borderColor as a prop, which outranks the recipe's.
    "input[aria-invalid=true], textarea[aria-invalid=true], select[aria-invalid=true]": {
      borderColor: "{colors.danger} !important",
      boxShadow: "0 0 0 1px {colors.danger}",
    },
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
        /** The halo of a luminous glyph or title, for `textShadow`. */
        glowText: { value: "0 0 8px rgba(139, 233, 253, 0.7), 0 0 22px rgba(192, 132, 252, 0.35)" },
      },
      animations: {
        // A glow that breathes in opacity, which the compositor animates alone: a breathing
        // text-shadow was repainted on the main thread every frame (a third of a core on the
        // landing page in headless Chromium).
        pulseGlow: { value: "nm-pulse-glow 4s ease-in-out infinite" },
        // The menu cursor toggles every 800 ms (spec 9): shown 800 ms, hidden 800 ms.
        blink: { value: "nm-blink 1.6s steps(1, end) infinite" },
      },
    },
    semanticTokens: {
      colors: {
        bg: tone("{colors.void.950}", "#f7f5ff"),
        fg: tone("#ebe7ff", "#1b1636"),
        "fg.muted": tone("#b4aed6", "#4a4370"),
        "fg.subtle": tone("#8f89b3", "#5d5784"),
        surface: tone("rgba(20, 17, 39, 0.9)", "rgba(255, 255, 255, 0.92)"),
        "surface.raised": tone("rgba(31, 26, 58, 0.96)", "#ffffff"),
        border: tone("rgba(139, 233, 253, 0.18)", "rgba(76, 29, 149, 0.2)"),
        "border.glow": tone("rgba(139, 233, 253, 0.55)", "rgba(109, 40, 217, 0.55)"),
        accent: tone("{colors.glow.cyan}", "#0e6377"),
        "accent.violet": tone("{colors.glow.violet}", "#6d28d9"),
        danger: tone("#fca5a5", "#b91c1c"),
        // Buttons are opaque, so the sky's constellation lines never show through them: an
        // outlined button's ground and hover, and a disabled ritual button (the ritual's cyan and
        // its dark text, as they looked at half opacity over the page).
        veil: tone("{colors.void.900}", "#ffffff"),
        veilHover: tone("#111b24", "#eef7fa"),
        ritualDisabled: tone("#487684", "#c5f4fe"),
        ritualDisabledFg: tone("{colors.void.900}", "#4a4858"),
        // The asker's turn in a thread, set apart from the agent's.
        questionBg: tone("rgba(192, 132, 252, 0.08)", "rgba(109, 40, 217, 0.06)"),
        // Code in an answer (theme/recipes.ts markdownRecipe): a darker slab, tokens that glow.
        codeBlock: tone("rgba(5, 4, 12, 0.85)", "#f1edff"),
        codeInline: tone("rgba(139, 233, 253, 0.1)", "rgba(14, 99, 119, 0.08)"),
        codeText: tone("#e4defc", "#1b1636"),
        codeKeyword: tone("{colors.glow.cyan}", "#0e6377"),
        codeName: tone("{colors.glow.violet}", "#6d28d9"),
        codeString: tone("{colors.glow.green}", "#166534"),
        codeNumber: tone("{colors.glow.gold}", "#92400e"),
        // A creator's charts (AgentStats): one glow per kind of act, dark enough on the light look.
        "chart.conversations": tone("{colors.glow.cyan}", "#0e6377"),
        "chart.invocations": tone("{colors.glow.violet}", "#6d28d9"),
        "chart.remixes": tone("{colors.glow.green}", "#166534"),
        "chart.nominations": tone("{colors.glow.gold}", "#92400e"),
        // A tag's chip (components/TagChips.tsx): violet light on a faint violet ground, AA on both.
        tagBg: tone("rgba(192, 132, 252, 0.1)", "rgba(109, 40, 217, 0.07)"),
        tagBorder: tone("rgba(192, 132, 252, 0.45)", "rgba(109, 40, 217, 0.4)"),
      },
    },
    keyframes: {
      "nm-pulse-glow": { "0%, 100%": { opacity: 1 }, "50%": { opacity: 0.7 } },
      "nm-blink": { "0%": { opacity: 1 }, "50%": { opacity: 0 } },
      "nm-rise": { from: { opacity: 0, transform: "translateY(24px)" }, to: { opacity: 1, transform: "none" } },
    },
    recipes,
    textStyles,
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraThemeConfig, config));
