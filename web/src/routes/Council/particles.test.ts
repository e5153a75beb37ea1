import { describe, expect, it } from "vitest";
import { createParticles, driftPath, PARTICLE_COLOURS, PARTICLE_COUNT, seededRandom } from "./particles";

const [WIDTH, HEIGHT] = [1280, 800];

describe("council particles", () => {
  it("are 25, in the four colours, starting inside the viewport", () => {
    const particles = createParticles(seededRandom(1));
    expect(particles).toHaveLength(PARTICLE_COUNT);
    expect(new Set(particles.map((p) => p.colour))).toEqual(new Set(PARTICLE_COLOURS));
    for (const p of particles) expect(p.x >= 0 && p.x < 1 && p.y >= 0 && p.y < 1).toBe(true);
  });

  it("are the same sky for the same seed", () => {
    expect(createParticles(seededRandom(7))).toEqual(createParticles(seededRandom(7)));
  });
});

describe("driftPath", () => {
  const particles = createParticles(seededRandom(25));

  it("crosses from just outside one edge to just outside another, through the starting place", () => {
    for (const particle of particles) {
      const path = driftPath(particle, WIDTH, HEIGHT);
      const margin = particle.size * 4;
      const outside = (p: { x: number; y: number }) =>
        Math.abs(p.x + margin) < 1e-6 || Math.abs(p.x - WIDTH - margin) < 1e-6 || Math.abs(p.y + margin) < 1e-6 || Math.abs(p.y - HEIGHT - margin) < 1e-6;
      expect(outside(path.from) && outside(path.to)).toBe(true);
      // The starting place lies on the segment, about `offset` ticks along it.
      const along = (path.offset + 0.5) / path.ticks;
      const at = { x: path.from.x + (path.to.x - path.from.x) * along, y: path.from.y + (path.to.y - path.from.y) * along };
      const tick = Math.hypot(path.to.x - path.from.x, path.to.y - path.from.y) / path.ticks;
      expect(Math.hypot(at.x - particle.x * WIDTH, at.y - particle.y * HEIGHT)).toBeLessThanOrEqual(tick);
    }
  });

  it("moves each mote 1 to 3 px per 50 ms tick, a whole number of ticks per crossing", () => {
    for (const particle of particles) {
      const path = driftPath(particle, WIDTH, HEIGHT);
      expect(Number.isInteger(path.ticks) && Number.isInteger(path.offset)).toBe(true);
      expect(path.offset).toBeGreaterThanOrEqual(0);
      expect(path.offset).toBeLessThan(path.ticks);
      const perTick = Math.hypot(path.to.x - path.from.x, path.to.y - path.from.y) / path.ticks;
      expect(perTick).toBeGreaterThan(0.9);
      expect(perTick).toBeLessThan(3.1);
    }
  });

  it("handles a mote moving straight along an axis", () => {
    const path = driftPath({ x: 0.5, y: 0.25, angle: 0, speed: 2, size: 2, colour: "glow.cyan" }, WIDTH, HEIGHT);
    expect(path.from).toEqual({ x: -8, y: 200 });
    expect(path.to.x).toBeCloseTo(WIDTH + 8);
    expect(path.to.y).toBeCloseTo(200);
    expect(path.ticks).toBe(648);
    expect(path.offset).toBe(324);
  });
});
