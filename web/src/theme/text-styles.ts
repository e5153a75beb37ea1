// The product's type, by role: screens say what a piece of text is (`textStyle="caption"`) and
// the theme says how it looks. Two voices: the terminal (JetBrains Mono) for what the network
// reports, and the ritual (Cinzel) for names and titles. A style leaves out the size when its
// users differ in size (a badge, a button, a whole panel set their own).
import { defineTextStyles } from "@chakra-ui/react";

const mono = "mono";
const cinzel = "heading";
const screenSize = { base: "3xl", md: "5xl" };

const terminal = defineTextStyles({
  /** The terminal's typeface at the element's own size: panels, buttons, badges, inputs. */
  terminal: { value: { fontFamily: mono } },
  /** A line of terminal text: handles, links, toggles, footers, code. */
  terminalBody: { value: { fontFamily: mono, fontSize: "sm" } },
  /** Metadata beside or under a title: dates, counts, model names. */
  caption: { value: { fontFamily: mono, fontSize: "xs" } },
  /** The label above a field or a value (TYPE, CREATED, WIDTH...). */
  fieldLabel: { value: { fontFamily: mono, fontSize: "xs", letterSpacing: "0.15em", textTransform: "uppercase" } },
  /** A live status in its own words (the signal of Witnessing). */
  statusLabel: { value: { fontFamily: mono, fontSize: "xs", letterSpacing: "0.15em" } },
  /** The small line above a title that names its kind (ACCOUNT, ESSENCE BOUND). */
  eyebrow: { value: { fontFamily: mono, fontSize: "xs", letterSpacing: "0.3em" } },
  /** What a large number counts (the Evolution Gate's totals). */
  statLabel: { value: { fontFamily: mono, fontSize: "xs", letterSpacing: "0.2em", textTransform: "uppercase" } },
  /** What a usage counter counts (Settings). */
  counterLabel: { value: { fontFamily: mono, fontSize: "xs", letterSpacing: "0.12em", textTransform: "uppercase" } },
  /** The heading of a terminal panel (NETWORK_ACTIVE, the Council's logs) and the remix banner. */
  terminalLabel: { value: { fontFamily: mono, fontSize: "sm", letterSpacing: "0.2em" } },
  /** The heading of a section drawn as a terminal readout (PRESETS, ASCENDED). */
  sectionLabel: { value: { fontFamily: mono, fontSize: "sm", letterSpacing: "0.3em" } },
  /** The label of a meter (Settings' daily allowance). */
  meterLabel: { value: { fontFamily: mono, fontSize: "sm", letterSpacing: "0.08em" } },
  /** The label of the prompt a ritual is asked through (the Summoning Gate's question). */
  promptLabel: { value: { fontFamily: mono, fontSize: "sm", letterSpacing: "0.1em" } },
  /** What a ritual is doing while the screen waits. */
  loadingLabel: { value: { fontFamily: mono, fontSize: "sm", letterSpacing: "0.15em" } },
  /** A short notice where content will be or is missing (no agents, the void whispers back). */
  terminalNotice: { value: { fontFamily: mono, letterSpacing: "0.1em" } },
  /** A machine token shown as it is (NO_OUTPUTS_AVAILABLE). */
  systemToken: { value: { fontFamily: mono, letterSpacing: "0.15em" } },
  /** A widely spaced mark at the element's own size: a stamp (ARCHIVE PENDING), the model a forging bound, a whisper loading. */
  stamp: { value: { fontFamily: mono, letterSpacing: "0.2em" } },
  /** The mark at the head of a shared card (WHISPER). */
  pageMark: { value: { fontFamily: mono, fontSize: "sm", letterSpacing: "0.4em" } },
  /** The tabs of the Council Terminal: tight on a phone, spaced on a desk. */
  terminalTab: {
    value: { fontFamily: mono, fontSize: { base: "2xs", sm: "xs", md: "sm" }, letterSpacing: { base: "0.04em", md: "0.15em" } },
  },
});

const ritual = defineTextStyles({
  /** A screen's title. */
  screenTitle: { value: { fontFamily: cinzel, fontSize: screenSize, letterSpacing: "0.08em" } },
  /** An agent's name as its profile's title. */
  agentName: { value: { fontFamily: cinzel, fontSize: screenSize, letterSpacing: "0.06em" } },
  /** The title of a page that found nothing (an agent that does not exist). */
  absenceTitle: { value: { fontFamily: cinzel, fontSize: screenSize, letterSpacing: "0.12em" } },
  /** The manifesto's title. */
  manifestoTitle: { value: { fontFamily: cinzel, fontSize: screenSize, letterSpacing: "0.1em" } },
  /** The landing page's name of the product. */
  heroTitle: { value: { fontFamily: cinzel, fontSize: { base: "5xl", md: "8xl" }, letterSpacing: { base: "0.12em", md: "0.2em" } } },
  /** A section's title on the landing page. */
  sectionTitle: { value: { fontFamily: cinzel, fontSize: { base: "2xl", md: "4xl" }, letterSpacing: "0.1em" } },
  /** The title of a card or a seat (Persona, a Council seat). */
  ritualTitle: { value: { fontFamily: cinzel, letterSpacing: "0.08em" } },
  /** A ritual heading or label: a whisper box's title, a synthesis, an area, a tab, a glowing button. */
  ritualLabel: { value: { fontFamily: cinzel, letterSpacing: "0.1em" } },
  /** The words of the act a screen is for (INVOKE THE COUNCIL, the ritual button). */
  ritualAction: { value: { fontFamily: cinzel, letterSpacing: "0.12em" } },
  /** A section heading of the account's settings. */
  accountHeading: { value: { fontFamily: cinzel, fontSize: "md", letterSpacing: "0.12em" } },
  /** The tabs of the account's settings. */
  accountTab: { value: { fontFamily: cinzel, fontSize: { base: "sm", md: "md" }, letterSpacing: "0.08em" } },
  /** The product's name in the corner of every screen. */
  brand: { value: { fontFamily: cinzel, fontSize: "lg", letterSpacing: "0.3em" } },
  /** The title of the genesis told in a dialog (THE FIRST RIPPLE). */
  genesisTitle: { value: { fontFamily: cinzel, fontSize: "2xl", letterSpacing: "0.2em" } },
  /** The Naming Ritual's answer (WITNESSED). */
  witnessedTitle: { value: { fontFamily: cinzel, fontSize: "3xl", letterSpacing: "0.3em" } },
  /** A toast's title. */
  toastTitle: { value: { fontFamily: cinzel, letterSpacing: "0.05em" } },
  /** The title inside a form's optional panel (the sigil of an agent being forged). */
  sigilTitle: { value: { fontFamily: cinzel, letterSpacing: "0.06em" } },
});

export const textStyles = { ...terminal, ...ritual };

export type TextStyleName = keyof typeof textStyles;
