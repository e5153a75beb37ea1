// The Council's drifting motes (spec 2): 25 particles in four colours, stepped every 50 ms.
// Positions are fractions of the viewport, so a resize never strands a particle off screen.

export const PARTICLE_COUNT = 25;
export const PARTICLE_TICK_MS = 50;
export const PARTICLE_COLOURS = ["#8be9fd", "#c084fc", "#f472b6", "#86efac"] as const; // cyan, violet, pink, green

export type Particle = {
  x: number;
  y: number;
  /** Drift per tick, in viewport fractions. */
  dx: number;
  dy: number;
  /** Diameter in px. */
  size: number;
  colour: (typeof PARTICLE_COLOURS)[number];
};

/** A small deterministic generator (mulberry32): the same sky on every visit, and in tests. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createParticles(random: () => number, count = PARTICLE_COUNT): Particle[] {
  return Array.from({ length: count }, (_, i) => {
    const angle = random() * Math.PI * 2;
    const speed = 0.0004 + random() * 0.0009; // a slow drift: 1 to 3 px per tick on a laptop screen
    return {
      x: random(),
      y: random(),
      dx: Math.cos(angle) * speed,
      dy: Math.sin(angle) * speed,
      size: 2 + Math.round(random() * 3),
      colour: PARTICLE_COLOURS[i % PARTICLE_COLOURS.length]!,
    };
  });
}

const wrap = (value: number) => (value < 0 ? value + 1 : value >= 1 ? value - 1 : value);

/** One tick of drift, in place; particles leaving one edge come back at the other. */
export function stepParticles(particles: Particle[]): void {
  for (const particle of particles) {
    particle.x = wrap(particle.x + particle.dx);
    particle.y = wrap(particle.y + particle.dy);
  }
}
