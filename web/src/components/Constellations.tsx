// Constellation figures drawn over the star field, one at a time: each stays 9 s and the next
// fades in over 3 s (spec 9). With reduced motion the first figure simply stays.
//
// The fade is 30 discrete opacity steps set from a timer, not a CSS transition: a running
// transition makes the compositor produce a frame every vsync, and a browser compositing in
// software spent a fifth of a core on every screen for that (docs/BENCHMARKS.md). Steps of
// under 2 % opacity, ten a second, look as smooth on these faint figures.
import { Box } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { colorVar } from "../theme";
import { CONSTELLATIONS } from "./constellation-figures";
import { usePrefersReducedMotion } from "./usePrefersReducedMotion";

export const CYCLE_MS = 9_000;
export const FADE_MS = 3_000;
export const FADE_STEPS = 30;
/** The opacity of the figure on show. */
export const SHOWN_OPACITY = 0.55;

/** The figures' theme colours, as CSS variables for the SVG's attributes. */
const LINE = colorVar("constellation.line");
const STAR = colorVar("constellation.star");

export function Constellations() {
  const reduced = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  const figures = useRef<(SVGSVGElement | null)[]>([]);
  const onShow = useRef(0);

  useEffect(() => {
    if (reduced) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % CONSTELLATIONS.length), CYCLE_MS);
    return () => window.clearInterval(timer);
  }, [reduced]);

  useEffect(() => {
    const from = onShow.current;
    if (from === active) return;
    onShow.current = active;
    const opacity = (index: number, value: number) => {
      const figure = figures.current[index];
      if (figure) figure.style.opacity = String(value);
    };
    let step = 0;
    const timer = window.setInterval(() => {
      step += 1;
      opacity(active, (SHOWN_OPACITY * step) / FADE_STEPS);
      opacity(from, (SHOWN_OPACITY * (FADE_STEPS - step)) / FADE_STEPS);
      if (step === FADE_STEPS) window.clearInterval(timer);
    }, FADE_MS / FADE_STEPS);
    // Leaving mid-fade ends the fade where it was going.
    return () => {
      window.clearInterval(timer);
      opacity(active, SHOWN_OPACITY);
      opacity(from, 0);
    };
  }, [active]);

  return (
    <Box aria-hidden position="fixed" inset={0} overflow="hidden" pointerEvents="none" zIndex={0}>
      {CONSTELLATIONS.map((figure, index) => (
        <svg
          key={figure.name}
          ref={(element) => {
            figures.current[index] = element;
          }}
          data-constellation={figure.name}
          data-active={index === active}
          viewBox="0 0 400 300"
          preserveAspectRatio="xMidYMid meet"
          style={{
            position: "absolute",
            top: "6%",
            right: "-4%",
            width: "min(70vw, 760px)",
            height: "auto",
            // The first paint only: this value never changes, so React leaves the fade's to it.
            opacity: index === 0 ? SHOWN_OPACITY : 0,
          }}
        >
          <g stroke={LINE} strokeWidth="0.8" fill="none">
            {figure.lines.map(([from, to]) => {
              const a = figure.stars[from]!;
              const b = figure.stars[to]!;
              return <line key={`${from}-${to}`} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} />;
            })}
          </g>
          <g fill={STAR}>
            {figure.stars.map(([x, y, r], i) => (
              <circle key={i} cx={x} cy={y} r={r} />
            ))}
          </g>
        </svg>
      ))}
    </Box>
  );
}
