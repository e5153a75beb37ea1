// Constellation figures drawn over the star field, one at a time: each stays 9 s and the next
// fades in over 3 s (spec 9). With reduced motion the first figure simply stays.
import { Box } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { CONSTELLATIONS } from "./constellation-figures";
import { usePrefersReducedMotion } from "./usePrefersReducedMotion";

export const CYCLE_MS = 9_000;
export const FADE_MS = 3_000;

export function Constellations() {
  const reduced = usePrefersReducedMotion();
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (reduced) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % CONSTELLATIONS.length), CYCLE_MS);
    return () => window.clearInterval(timer);
  }, [reduced]);

  return (
    <Box aria-hidden position="fixed" inset={0} overflow="hidden" pointerEvents="none" zIndex={0}>
      {CONSTELLATIONS.map((figure, index) => (
        <svg
          key={figure.name}
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
            opacity: index === active ? 0.55 : 0,
            transition: `opacity ${FADE_MS}ms ease-in-out`,
          }}
        >
          <g stroke="rgba(139, 233, 253, 0.22)" strokeWidth="0.8" fill="none">
            {figure.lines.map(([from, to]) => {
              const a = figure.stars[from]!;
              const b = figure.stars[to]!;
              return <line key={`${from}-${to}`} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} />;
            })}
          </g>
          <g fill="rgba(235, 231, 255, 0.7)">
            {figure.stars.map(([x, y, r], i) => (
              <circle key={i} cx={x} cy={y} r={r} />
            ))}
          </g>
        </svg>
      ))}
    </Box>
  );
}
