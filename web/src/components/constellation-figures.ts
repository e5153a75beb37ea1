// Nomina's own constellations (drawn for the product): star positions [x, y, radius] in a
// 400 x 300 box, and the lines joining them by index.
type Figure = { name: string; stars: [number, number, number][]; lines: [number, number][] };

/** The lines a pen draws through the stars in turn, without lifting: stroke(0, 1, 2) joins 0-1, 1-2. */
function stroke(...stars: number[]): [number, number][] {
  return stars.slice(1).map((star, index) => [stars[index]!, star]);
}

export const CONSTELLATIONS: readonly Figure[] = [
  {
    name: "The Lyre of Names",
    stars: [
      [120, 60, 2.4],
      [170, 40, 1.6],
      [215, 70, 2],
      [205, 130, 1.6],
      [140, 130, 1.8],
      [175, 200, 2.6],
      [110, 215, 1.4],
      [245, 215, 1.4],
    ],
    lines: [...stroke(0, 1, 2, 3, 4, 0), [4, 5], [3, 5], [5, 6], [5, 7]],
  },
  {
    name: "The Open Key",
    stars: [
      [80, 150, 2.8],
      [120, 110, 1.6],
      [160, 150, 1.8],
      [120, 190, 1.6],
      [215, 150, 1.4],
      [270, 150, 1.8],
      [320, 150, 2.2],
      [300, 185, 1.3],
      [330, 190, 1.3],
    ],
    lines: [...stroke(0, 1, 2, 3, 0), ...stroke(2, 4, 5, 6), [5, 7], [6, 8]],
  },
  {
    name: "The Serpent of Echoes",
    stars: [
      [60, 230, 1.4],
      [100, 200, 1.8],
      [150, 210, 1.4],
      [190, 170, 2],
      [170, 120, 1.5],
      [210, 85, 1.8],
      [265, 95, 1.5],
      [300, 60, 2.6],
      [335, 80, 1.3],
    ],
    lines: stroke(0, 1, 2, 3, 4, 5, 6, 7, 8),
  },
  {
    name: "The Crown of Witness",
    stars: [
      [90, 170, 1.6],
      [130, 110, 2.2],
      [165, 155, 1.4],
      [200, 80, 2.8],
      [235, 155, 1.4],
      [270, 110, 2.2],
      [310, 170, 1.6],
      [200, 215, 1.8],
    ],
    lines: [...stroke(0, 1, 2, 3, 4, 5, 6), [0, 7], [6, 7]],
  },
];
