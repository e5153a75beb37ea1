// The ritual look: a dark cosmos, glowing glyphs, readable text. Every screen takes its
// colours, fonts and glows from here rather than inline values.
//
// Built on Chakra's base preset plus only the component recipes Nomina uses (./chakra.ts):
// the full default theme costs ~20 KB of gzipped JavaScript on every page. A screen that needs
// another Chakra component adds its recipe there.
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react";
import { chakraThemeConfig } from "./chakra";
import { glowColours, nebulaColours, voidColours } from "./palette";
import { recipes } from "./recipes";
import { textStyles } from "./text-styles";

/** Dark is the product; light exists for embeds placed on light sites (`?theme=light`). */
const tone = (dark: string, light: string) => ({ value: { _light: light, _dark: dark } });

/** One value in both looks. */
const same = (value: string) => ({ value });

/** Tokens (`{ value }`) of a palette's raw colours (./palette.ts). */
const valuesOf = <K extends string | number>(palette: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(palette).map(([name, value]) => [name, { value }])) as Record<K, { value: string }>;

const config = defineConfig({
  cssVarsPrefix: "nm",
  globalCss: {
    "html, body": {
      bg: "bg",
      color: "fg",
      minHeight: "100%",
      fontFamily: "body",
    },
    // Selected text: the deep violet of the nebula, white words (AA).
    "::selection": { bg: "nebula.violet", color: "white" },
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
        void: valuesOf(voidColours),
        glow: valuesOf(glowColours),
        nebula: valuesOf(nebulaColours),
      },
      shadows: {
        glowCyan: { value: "0 0 12px rgba(139, 233, 253, 0.55), 0 0 32px rgba(139, 233, 253, 0.2)" },
        glowViolet: { value: "0 0 12px rgba(192, 132, 252, 0.55), 0 0 32px rgba(192, 132, 252, 0.2)" },
        /** The halo of a luminous glyph or title, for `textShadow`. */
        glowText: { value: "0 0 8px rgba(139, 233, 253, 0.7), 0 0 22px rgba(192, 132, 252, 0.35)" },
        /** The single halo of a glyph set inline in text or typed in a field, for `textShadow`. */
        glowGlyphCyan: { value: "0 0 8px {colors.glow.cyan/70}" },
        glowGlyphViolet: { value: "0 0 8px {colors.glow.violet/70}" },
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
        // From here on, one value in both looks (`same`).
        // The states of a row, an entry or a toggle: faint light, one strength per state.
        // bg.pressed and bg.toggled differ by 1 %: one token would change one of the two looks.
        "bg.hover": same("{colors.glow.cyan/4}"), // a list's row under the pointer (Council nominees)
        "bg.current": same("{colors.glow.cyan/10}"), // the menu's entry for the page shown
        "bg.selected": same("{colors.glow.cyan/12}"), // the chosen row of a list (lineage list)
        "bg.pressed": same("{colors.glow.cyan/14}"), // a filter chip that is on (ancestry map)
        "bg.toggled": same("{colors.glow.cyan/15}"), // a segmented toggle's chosen option (The Named's layout)
        "bg.menuHover": same("{colors.glow.violet/12}"), // the menu's entry under the pointer
        "bg.match": same("{colors.glow.violet/25}"), // the words a search matched, marked in a result
        // A well set into a panel: a past version, a sample output; and the darker slab of a code
        // sample or snippet.
        "bg.inset": same("{colors.void.950/35}"),
        "bg.well": same("rgba(0, 0, 0, 0.45)"),
        // A violet edge: an ascended member's card, a lineage's branch line.
        "border.violet": same("{colors.glow.violet/45}"),
        // Colours of SVG drawings, which take them as CSS variables (colorVar below): nested, so
        // that the variables' names have no escaped dot.
        // The constellations drawn over the sky (components/Constellations.tsx).
        constellation: { line: same("{colors.glow.cyan/22}"), star: same("{colors.fg/70}") },
        // The ancestry map's nodes and edges (routes/Lineage/ForestCanvas.tsx).
        lineage: {
          edge: same("{colors.glow.violet/55}"),
          node: same("{colors.void.800/95}"),
          nodeSelected: same("{colors.glow.cyan/16}"),
          nodeBorder: same("{colors.glow.cyan/40}"),
        },
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

/**
 * A colour token as its CSS variable (`var(--nm-colors-…)`), for what Chakra's style props do
 * not reach, such as SVG attributes. An unknown token throws, when the module using it loads.
 */
export function colorVar(token: string): string {
  const variable: unknown = system.token.var(`colors.${token}`);
  if (typeof variable !== "string") throw new Error(`No colour token "${token}" in the theme`);
  return variable;
}
