// The animated background of the Council Terminal: 25 motes moved every 50 ms by CSS transforms
// (each its own compositor layer, so a tick repaints nothing), written straight to the DOM
// instead of through React. Paused while the tab is hidden; still under reduced motion.
import { Box } from "@chakra-ui/react";
import { useEffect, useMemo, useRef } from "react";
import { createParticles, PARTICLE_TICK_MS, seededRandom, stepParticles, type Particle } from "./particles";

function place(element: HTMLElement, particle: Particle, width: number, height: number) {
  element.style.transform = `translate3d(${(particle.x * width).toFixed(1)}px, ${(particle.y * height).toFixed(1)}px, 0)`;
}

export function CouncilParticles() {
  const particles = useMemo(() => createParticles(seededRandom(25)), []);
  const elements = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    let width = window.innerWidth;
    let height = window.innerHeight;
    let timer: number | undefined;
    const drawAll = () => particles.forEach((particle, i) => elements.current[i] && place(elements.current[i], particle, width, height));
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

    const tick = () => {
      stepParticles(particles);
      drawAll();
    };
    const sync = () => {
      const shouldRun = document.visibilityState === "visible" && !reduced.matches;
      if (shouldRun && timer === undefined) timer = window.setInterval(tick, PARTICLE_TICK_MS);
      if (!shouldRun && timer !== undefined) {
        window.clearInterval(timer);
        timer = undefined;
      }
    };
    const resize = () => {
      width = window.innerWidth;
      height = window.innerHeight;
      drawAll();
    };

    drawAll();
    sync();
    document.addEventListener("visibilitychange", sync);
    reduced.addEventListener("change", sync);
    window.addEventListener("resize", resize);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", sync);
      reduced.removeEventListener("change", sync);
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
          boxShadow={`0 0 ${particle.size * 3}px ${particle.colour}`}
          opacity={0.75}
          willChange="transform"
        />
      ))}
    </Box>
  );
}
