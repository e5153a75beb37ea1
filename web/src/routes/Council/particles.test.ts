import { describe, expect, it } from "vitest";
import { createParticles, PARTICLE_COLOURS, PARTICLE_COUNT, seededRandom, stepParticles } from "./particles";

describe("council particles", () => {
  it("are 25, in the four colours, inside the viewport", () => {
    const particles = createParticles(seededRandom(1));
    expect(particles).toHaveLength(PARTICLE_COUNT);
    expect(new Set(particles.map((p) => p.colour))).toEqual(new Set(PARTICLE_COLOURS));
    for (const p of particles) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThan(1);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThan(1);
    }
  });

  it("drift on each tick and wrap around the edges instead of leaving", () => {
    const particles = createParticles(seededRandom(2));
    const before = particles.map((p) => [p.x, p.y]);
    stepParticles(particles);
    expect(particles.map((p) => [p.x, p.y])).not.toEqual(before);
    for (let tick = 0; tick < 5000; tick++) stepParticles(particles);
    for (const p of particles) {
      expect(p.x >= 0 && p.x < 1 && p.y >= 0 && p.y < 1).toBe(true);
    }
  });

  it("are the same sky for the same seed", () => {
    expect(createParticles(seededRandom(7))).toEqual(createParticles(seededRandom(7)));
  });
});
