// The Glyph Forge's generator (spec 2): an SVG sigil on a 120 canvas, derived only from the
// name, the tone, the function and a variant counter (Regenerate raises it). The same four
// always give the same image. The image carries no user text, so nothing typed can end up as
// markup; it is small and inert, as the server requires of a glyph kept in avatarUrl.
import { createRandom, hashString, type Random } from "./random";
import { TONE_STYLES, type Tone } from "./tones";

export const GLYPH_CANVAS = 120;
const C = GLYPH_CANVAS / 2;

export type GlyphSpec = { name: string; tone: Tone; purpose: string; variant: number };

export type GeneratedGlyph = {
  spec: GlyphSpec;
  svg: string;
  /** data:image/svg+xml;base64,... : what an agent keeps in avatarUrl. */
  dataUrl: string;
  /** A one-character text glyph of the same tone, for the agent's glyph field. */
  mark: string;
};

type Palette = { stroke: string; fill: string; accent: string; halo: string };

const n = (value: number) => (Math.round(value * 10) / 10).toString();
const point = (radius: number, degrees: number): [number, number] => {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [C + radius * Math.cos(radians), C + radius * Math.sin(radians)];
};
const xy = ([x, y]: [number, number]) => `${n(x)} ${n(y)}`;
const polygon = (sides: number, radius: number, rotation = 0) =>
  `M${Array.from({ length: sides }, (_, i) => xy(point(radius, rotation + (360 / sides) * i))).join("L")}Z`;
const rotated = (body: string, copies: number, offset = 0) =>
  Array.from({ length: copies }, (_, i) => `<g transform="rotate(${n(offset + (360 / copies) * i)} ${C} ${C})">${body}</g>`).join("");

/** The outer frame: the tone's architecture. */
const FRAMES: Record<Tone, (random: Random, p: Palette) => string> = {
  mystical(random, p) {
    const dots = random.int(5, 9);
    return `<circle cx="${C}" cy="${C}" r="50" stroke="${p.stroke}" stroke-width="1.6"/><circle cx="${C}" cy="${C}" r="44" stroke="${p.fill}" stroke-dasharray="1 4"/>${rotated(`<circle cx="${C}" cy="10" r="2.2" fill="${p.accent}"/>`, dots, random.int(0, 40))}`;
  },
  technological(random, p) {
    const traces = random.int(4, 8);
    const inset = random.int(14, 22);
    const bend = random.int(6, 12);
    return `<path d="${polygon(8, 50, 22.5)}" stroke="${p.stroke}" stroke-width="1.6"/>${rotated(`<path d="M${C} 12V${12 + inset}h${bend}" stroke="${p.fill}"/><circle cx="${C + bend}" cy="${12 + inset}" r="1.8" fill="${p.accent}"/>`, traces, random.int(0, 30))}`;
  },
  ancient(random, p) {
    const ticks = Array.from({ length: random.int(9, 15) }, () => {
      const at = random.int(0, 359);
      const length = random.int(4, 9);
      const [x1, y1] = point(48, at);
      const [x2, y2] = point(48 - length, at);
      return `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
    }).join("");
    return `<circle cx="${C}" cy="${C}" r="51" stroke="${p.stroke}" stroke-width="1.2"/><circle cx="${C}" cy="${C}" r="47" stroke="${p.stroke}" stroke-width=".8"/><path d="${ticks}" stroke="${p.fill}" stroke-width="1.6"/>`;
  },
  futuristic(random, p) {
    const arcs = Array.from({ length: random.int(2, 3) }, (_, i) => {
      const radius = 40 - i * 7;
      const dash = random.int(12, 40);
      return `<circle cx="${C}" cy="${C}" r="${radius}" stroke="${i % 2 ? p.fill : p.accent}" stroke-width="1.4" stroke-dasharray="${dash} ${random.int(6, 18)}" transform="rotate(${random.int(0, 359)} ${C} ${C})"/>`;
    }).join("");
    return `<path d="${polygon(6, 52, random.pick([0, 30]))}" stroke="${p.stroke}" stroke-width="1.6"/>${arcs}`;
  },
  organic(random, p) {
    const [k, m, phase] = [random.int(3, 6), random.int(5, 9), random.next() * Math.PI];
    const outline = Array.from({ length: 72 }, (_, i) => {
      const theta = (i / 72) * 360;
      const radius = 45 + 4 * Math.sin((k * theta * Math.PI) / 180 + phase) + 2 * Math.sin((m * theta * Math.PI) / 180);
      return xy(point(radius, theta));
    });
    const leaves = rotated(
      `<path d="M${C} 16Q${C + 7} 24 ${C} 32Q${C - 7} 24 ${C} 16Z" fill="${p.fill}" fill-opacity=".35" stroke="${p.fill}"/>`,
      random.int(3, 5),
      random.int(0, 60),
    );
    return `<path d="M${outline.join("L")}Z" stroke="${p.stroke}" stroke-width="1.6"/>${leaves}`;
  },
  geometric(random, p) {
    const sides = random.int(3, 8);
    const turn = random.int(0, 360 / sides);
    const star = Array.from({ length: sides }, (_, i) => xy(point(50, turn + (((360 / sides) * i * Math.floor((sides - 1) / 2)) % 360))));
    return `<path d="${polygon(sides, 52, turn)}" stroke="${p.stroke}" stroke-width="1.6"/><path d="M${star.join("L")}Z" stroke="${p.fill}" stroke-opacity=".7"/><path d="${polygon(sides, 28, turn + 180 / sides)}" stroke="${p.accent}"/>`;
  },
  ethereal(random, p) {
    const rings = Array.from(
      { length: random.int(3, 4) },
      (_, i) => `<circle cx="${C}" cy="${C}" r="${52 - i * 6}" stroke="${[p.stroke, p.fill, p.accent][i % 3]}" stroke-opacity="${n(0.75 - i * 0.15)}"/>`,
    ).join("");
    const at = random.int(0, 359);
    const [x1, y1] = point(46, at - 70);
    const [x2, y2] = point(46, at + 70);
    return `${rings}<path d="M${n(x1)} ${n(y1)}A46 46 0 0 1 ${n(x2)} ${n(y2)}A38 38 0 0 0 ${n(x1)} ${n(y1)}Z" fill="${p.accent}" fill-opacity=".25" stroke="${p.accent}"/>`;
  },
  militant(random, p) {
    const chevrons = Array.from({ length: random.int(2, 3) }, (_, i) => {
      const y = 84 + i * 7;
      return `M${C - 16} ${y}L${C} ${y + 7}L${C + 16} ${y}`;
    }).join("");
    const notch = random.int(4, 9);
    return `<path d="M${C} 6L${114 - notch} ${C}L${C} 114L${6 + notch} ${C}Z" stroke="${p.stroke}" stroke-width="1.8"/><path d="M${C} 16L${104 - notch} ${C}L${C} 104L${16 + notch} ${C}Z" stroke="${p.fill}" stroke-opacity=".6"/><path d="${chevrons}" stroke="${p.accent}" stroke-width="2"/>`;
  },
};

/** The function's motif: a stroke repeated around the centre, its symmetry from the function. */
function motif(purpose: string, random: Random, p: Palette): string {
  const copies = 3 + (hashString(purpose) % 6);
  const radius = random.int(26, 34);
  const shape = random.pick([
    `<path d="M${C} ${C - radius}L${C} ${C - radius + 9}" stroke="${p.fill}" stroke-width="1.6"/>`,
    `<circle cx="${C}" cy="${C - radius}" r="3" stroke="${p.fill}"/>`,
    `<path d="M${C - 4} ${C - radius + 6}L${C} ${C - radius}L${C + 4} ${C - radius + 6}" stroke="${p.fill}" stroke-width="1.4"/>`,
    `<path d="M${C - 5} ${C - radius}A5 5 0 0 0 ${C + 5} ${C - radius}" stroke="${p.fill}" stroke-width="1.4"/>`,
  ]);
  return rotated(shape, copies, random.int(0, 359));
}

/** The name's sigil: each letter a point on a circle, joined in the order the name spells them. */
function sigil(name: string, random: Random, p: Palette): string {
  const letters = [...name.toLowerCase()].filter((ch) => ch.trim()).slice(0, 16);
  const angles = letters
    .map((ch) => (/[a-z]/.test(ch) ? ((ch.charCodeAt(0) - 97) / 26) * 360 : hashString(ch) % 360))
    .filter((angle, i, all) => i === 0 || angle !== all[i - 1]);
  if (angles.length < 2) angles.push((angles[0] ?? 0) + 180);
  const points = angles.map((angle) => point(18 + random.int(0, 6), angle + random.int(-8, 8)));
  const [first, last] = [points[0]!, points.at(-1)!];
  const [bx, by] = [last[0] - first[0], last[1] - first[1]];
  const length = Math.hypot(bx, by) || 1;
  const [px, py] = [(-by / length) * 4, (bx / length) * 4];
  return `<path d="M${points.map(xy).join("L")}" stroke="${p.accent}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/><circle cx="${n(first[0])}" cy="${n(first[1])}" r="2.6" fill="${p.accent}"/><path d="M${n(last[0] - px)} ${n(last[1] - py)}L${n(last[0] + px)} ${n(last[1] + py)}" stroke="${p.accent}" stroke-width="2" stroke-linecap="round"/>`;
}

function toBase64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Names and functions count without case or surrounding space: "Aria" and " aria " are one glyph. */
const normalise = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

export function generateGlyph(spec: GlyphSpec): GeneratedGlyph {
  const [name, purpose] = [normalise(spec.name) || "unnamed", normalise(spec.purpose)];
  const random = createRandom(hashString(`${name}\u0000${spec.tone}\u0000${purpose}\u0000${spec.variant}`));
  const style = TONE_STYLES[spec.tone];
  const [stroke, fill, accent, halo] = style.colours;
  const palette = { stroke, fill, accent, halo };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${GLYPH_CANVAS} ${GLYPH_CANVAS}" width="${GLYPH_CANVAS}" height="${GLYPH_CANVAS}">` +
    `<defs><radialGradient id="h"><stop offset="0" stop-color="${halo}" stop-opacity=".5"/><stop offset="1" stop-color="${halo}" stop-opacity="0"/></radialGradient>` +
    `<filter id="g" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="1.6" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>` +
    `<circle cx="${C}" cy="${C}" r="58" fill="url(#h)"/>` +
    `<g fill="none" filter="url(#g)">${FRAMES[spec.tone](random, palette)}${motif(purpose, random, palette)}${sigil(name, random, palette)}</g>` +
    `<circle cx="${C}" cy="${C}" r="2" fill="${stroke}"/></svg>`;
  return {
    spec,
    svg,
    dataUrl: `data:image/svg+xml;base64,${toBase64(svg)}`,
    mark: style.marks[hashString(`${name}\u0000${spec.variant}`) % style.marks.length]!,
  };
}
