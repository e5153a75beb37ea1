// The cosmos behind every screen: 200 stars (spec 9) drawn as box-shadows of three tiny
// elements, painted once. They hold still: a full-screen opacity animation costs a software-
// composited browser several percent of a core on every screen (docs/BENCHMARKS.md), and the
// drifting constellations already give the sky its life.
import { Box } from "@chakra-ui/react";
import { useMemo } from "react";

const STAR_COUNT = 200;
const LAYERS = 3;

/** A small deterministic generator: the sky is the same on every visit. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The stars' colours: theme tokens, resolved by Chakra in the box-shadows below. */
const STAR_COLOURS = ["{colors.white}", "{colors.glow.cyan}", "{colors.glow.violet}", "{colors.glow.gold}"];

function starShadows(count: number, random: () => number): string {
  return Array.from({ length: count }, () => {
    const x = Math.round(random() * 2000);
    const y = Math.round(random() * 2000);
    const colour = STAR_COLOURS[Math.floor(random() * STAR_COLOURS.length)];
    return `${x}px ${y}px ${colour}`;
  }).join(", ");
}

export function StarField() {
  const layers = useMemo(() => {
    const random = mulberry32(9);
    // 200 split over the layers as evenly as whole stars allow (67, 67, 66).
    return Array.from({ length: LAYERS }, (_, i) => {
      const count = Math.floor(STAR_COUNT / LAYERS) + (i < STAR_COUNT % LAYERS ? 1 : 0);
      return { shadows: starShadows(count, random), count, size: i + 1, opacity: 0.55 + i * 0.15 };
    });
  }, []);
  return (
    <Box
      aria-hidden
      data-stars={layers.reduce((sum, layer) => sum + layer.count, 0)}
      position="fixed"
      inset={0}
      overflow="hidden"
      pointerEvents="none"
      zIndex={0}
      // Blended in sRGB, as legacy rgba colours are: stops mixed from tokens (color-mix) would blend in Oklab.
      bg="radial-gradient(ellipse at 20% 10% in srgb, {colors.nebula.violet/35}, transparent 55%), radial-gradient(ellipse at 85% 80% in srgb, {colors.nebula.teal/25}, transparent 50%), {colors.bg}"
    >
      {layers.map((layer) => (
        <Box
          key={layer.size}
          position="absolute"
          top={0}
          left={0}
          width={`${layer.size}px`}
          height={`${layer.size}px`}
          borderRadius="full"
          boxShadow={layer.shadows}
          opacity={layer.opacity}
        />
      ))}
    </Box>
  );
}
