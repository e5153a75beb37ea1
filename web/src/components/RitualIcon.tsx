// The icon of each ritual type (whisper, nomination, ascension, curation, council) and of Witnessing's other
// events: inline SVG, so no icon font or request is needed, and it inherits the text colour.
import { chakra } from "@chakra-ui/react";
import type { RitualKind } from "../theme/ritual";

const PATHS: Record<RitualKind, string> = {
  // a speech bubble
  whisper: "M4 5h16v10H9l-5 4z",
  // a four-pointed star
  nomination: "M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z",
  // a rising chevron over a crown line
  ascension: "M4 14l8-8 8 8M7 20h10M8 17l4-4 4 4",
  // an anvil spark: a diamond inside a ring
  forging: "M12 5l5 7-5 7-5-7zM12 2a10 10 0 1 0 .01 0",
  // a fork: one stem splitting in two
  remix: "M12 21v-7M12 14L6 6M12 14l6-8M6 6V3M18 6V3",
  // a sound wave
  echo: "M3 12h3l2-5 4 10 3-7 2 2h4",
  // a curator's seal: a shield with a check
  curation: "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5",
  // a question at the Gate: a round table with its four seats
  council: "M12 7a5 5 0 1 0 .01 0M12 2v2M12 20v2M2 12h2M20 12h2",
};

export function RitualIcon({ kind, size = 18 }: { kind: RitualKind; size?: number }) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width={`${size}px`}
      height={`${size}px`}
      flexShrink={0}
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[kind]} />
    </chakra.svg>
  );
}
