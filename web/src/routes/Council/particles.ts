// The Council's drifting motes (spec 2): 25 particles in four colours whose positions are
// refreshed every 50 ms. Each mote crosses the screen on a straight line and comes back in from
// the opposite edge, so its whole drift is one looping path that the compositor can run alone.

export const PARTICLE_COUNT = 25;
export const PARTICLE_TICK_MS = 50;
/** Theme colour tokens (theme/index.ts). */
export const PARTICLE_COLOURS = ["glow.cyan", "glow.violet", "glow.pink", "glow.green"] as const;

export type Particle = {
  /** Where it is when the terminal opens, as fractions of the viewport. */
  x: number;
  y: number;
  /** Direction of drift, in radians. */
  angle: number;
  /** Distance per tick, in px: a slow drift. */
  speed: number;
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
  return Array.from({ length: count }, (_, i) => ({
    x: random(),
    y: random(),
    angle: random() * Math.PI * 2,
    speed: 1 + random() * 2,
    size: 2 + Math.round(random() * 3),
    colour: PARTICLE_COLOURS[i % PARTICLE_COLOURS.length]!,
  }));
}

export type Point = { x: number; y: number };

export type DriftPath = {
  /** Just outside the edge where the mote comes in, and where it leaves. */
  from: Point;
  to: Point;
  /** One crossing: a whole number of ticks. */
  ticks: number;
  /** Ticks already travelled from `from` to the mote's starting place. */
  offset: number;
};

/** The straight crossing through the particle's starting place, from edge to edge (plus a margin). */
export function driftPath(particle: Particle, width: number, height: number): DriftPath {
  const margin = particle.size * 4; // the glow leaves the screen before the path restarts
  const start = { x: particle.x * width, y: particle.y * height };
  const ux = Math.cos(particle.angle);
  const uy = Math.sin(particle.angle);
  // Distances along the direction (forward) and against it (backward) to the extended edges.
  const reach = (position: number, u: number, size: number) => {
    if (Math.abs(u) < 1e-9) return { forward: Number.POSITIVE_INFINITY, backward: Number.POSITIVE_INFINITY };
    const low = (-margin - position) / u;
    const high = (size + margin - position) / u;
    return { forward: Math.max(low, high), backward: -Math.min(low, high) };
  };
  const horizontal = reach(start.x, ux, width);
  const vertical = reach(start.y, uy, height);
  const forward = Math.min(horizontal.forward, vertical.forward);
  const backward = Math.min(horizontal.backward, vertical.backward);
  const ticks = Math.max(1, Math.round((forward + backward) / particle.speed));
  const step = (forward + backward) / ticks;
  return {
    from: { x: start.x - ux * backward, y: start.y - uy * backward },
    to: { x: start.x + ux * forward, y: start.y + uy * forward },
    ticks,
    offset: Math.min(ticks - 1, Math.round(backward / step)),
  };
}
