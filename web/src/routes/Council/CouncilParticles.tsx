// The animated background of the Council Terminal: 25 motes whose positions change every 50 ms.
// Each mote's drift is one Web Animation (a straight crossing, looped, eased in 50 ms steps),
// so the compositor moves them and the page's main thread does nothing per tick. All motes
// share one start time, so their steps fall together: one frame per 50 ms, not 25.
// Paused while the tab is hidden; still under reduced motion.
import { Box } from "@chakra-ui/react";
import { useEffect, useMemo, useRef } from "react";
import { createParticles, driftPath, PARTICLE_TICK_MS, seededRandom, type Point } from "./particles";

const translate = ({ x, y }: Point) => `translate3d(${x.toFixed(1)}px, ${y.toFixed(1)}px, 0)`;

export function CouncilParticles() {
  const particles = useMemo(() => createParticles(seededRandom(25)), []);
  const elements = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let animations: Animation[] = [];

    const stop = () => {
      for (const animation of animations) animation.cancel();
      animations = [];
    };
    const start = () => {
      stop();
      const [width, height] = [window.innerWidth, window.innerHeight];
      const startTime = document.timeline.currentTime;
      particles.forEach((particle, i) => {
        const element = elements.current[i];
        if (!element) return;
        element.style.transform = translate({ x: particle.x * width, y: particle.y * height });
        if (reduced.matches) return;
        const path = driftPath(particle, width, height);
        const animation = element.animate([{ transform: translate(path.from) }, { transform: translate(path.to) }], {
          duration: path.ticks * PARTICLE_TICK_MS,
          delay: -path.offset * PARTICLE_TICK_MS,
          easing: `steps(${path.ticks}, end)`,
          iterations: Number.POSITIVE_INFINITY,
        });
        animation.startTime = startTime;
        animations.push(animation);
      });
      if (document.visibilityState === "hidden") pauseOrPlay();
    };
    const pauseOrPlay = () => {
      const hidden = document.visibilityState === "hidden";
      for (const animation of animations) {
        if (hidden) animation.pause();
        else animation.play();
      }
    };
    // A resize changes every path; a new start keeps the steps of all motes together.
    let resizing: number | undefined;
    const resize = () => {
      window.clearTimeout(resizing);
      resizing = window.setTimeout(start, 200);
    };

    start();
    document.addEventListener("visibilitychange", pauseOrPlay);
    reduced.addEventListener("change", start);
    window.addEventListener("resize", resize);
    return () => {
      stop();
      window.clearTimeout(resizing);
      document.removeEventListener("visibilitychange", pauseOrPlay);
      reduced.removeEventListener("change", start);
      window.removeEventListener("resize", resize);
    };
  }, [particles]);

  return (
    <Box aria-hidden position="fixed" inset={0} overflow="hidden" pointerEvents="none" zIndex={0} data-testid="council-particles">
      {particles.map((particle, i) => (
        <Box
          as="span"
          key={i}
          ref={(element: HTMLSpanElement | null) => {
            elements.current[i] = element;
          }}
          data-particle=""
          position="absolute"
          top={0}
          left={0}
          width={`${particle.size}px`}
          height={`${particle.size}px`}
          borderRadius="full"
          bg={particle.colour}
          boxShadow={`0 0 ${particle.size * 3}px {colors.${particle.colour}}`}
          opacity={0.75}
          willChange="transform"
        />
      ))}
    </Box>
  );
}
