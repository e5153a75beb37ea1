// One count per day, drawn as glowing bars with uPlot (a small canvas charting library: 90 days
// of four charts draw in a few milliseconds). The canvas is a picture for the eye only: it is
// labelled with what it says in words, and the numbers themselves are a table the page keeps
// right after it (AgentStats). Colours come from the theme as the page has resolved them, so the
// chart follows the dark and light looks. Hovering a day reads it out above the chart.
import { Box, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export type DayCount = { day: string; count: number };

type Props = {
  days: readonly DayCount[];
  /** The theme colour of the bars (a token such as "glow.cyan"). */
  color: string;
  /** What one is called, for the hover readout: "conversation" / "conversations". */
  unit: [one: string, many: string];
  /** The picture in words, for screen readers. */
  label: string;
  height?: number;
};

const DAY_FORMAT = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });

const dayLabel = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/** `rgb(r, g, b)` (as the browser resolves a colour) at `alpha`. */
function withAlpha(color: string, alpha: number): string {
  const parts = color.match(/[\d.]+/g);
  return parts && parts.length >= 3 ? `rgba(${parts[0]}, ${parts[1]}, ${parts[2]}, ${alpha})` : color;
}

/** Whole numbers only on the count axis: a day has no half a conversation. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

export function DayChart({ days, color, unit, label, height = 140 }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const bars = useRef<HTMLParagraphElement>(null);
  const axis = useRef<HTMLParagraphElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || !bars.current || !axis.current) return;
    const stroke = getComputedStyle(bars.current).color;
    const axisColor = getComputedStyle(axis.current).color;
    const grid = withAlpha(axisColor, 0.15);
    const xs = days.map((entry) => Date.parse(`${entry.day}T00:00:00Z`) / 1000);
    const ys = days.map((entry) => entry.count);
    const font = `11px ${getComputedStyle(element).fontFamily}`;
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { points: { show: false }, drag: { x: false, y: false, setScale: false } },
        // Half a day of room at each end, so the first and last days' bars are whole.
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            stroke: axisColor,
            font,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1 },
            values: (_u, ticks) => ticks.map((tick) => DAY_FORMAT.format(new Date(tick * 1000))),
          },
          { stroke: axisColor, font, size: 40, incrs: COUNT_STEPS, grid: { stroke: grid, width: 1 }, ticks: { show: false } },
        ],
        series: [
          {},
          {
            stroke,
            fill: withAlpha(stroke, 0.35),
            width: 1.5,
            points: { show: false },
            paths: uPlot.paths.bars?.({ size: [0.7, 18], align: 0 }),
          },
        ],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(([entry]) => entry && plot.setSize({ width: Math.max(entry.contentRect.width, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, height]);

  const shown = hovered === null ? null : days[hovered];
  return (
    <Box position="relative">
      {/* The theme's colours, resolved by the browser for the canvas. */}
      <Text ref={bars} color={color} display="none" />
      <Text ref={axis} color="fg.subtle" display="none" />
      <Text textStyle="caption" color="fg.muted" minH="1.25rem" aria-hidden="true">
        {shown ? `${dayLabel(shown.day)}: ${shown.count} ${shown.count === 1 ? unit[0] : unit[1]}` : " "}
      </Text>
      <Box ref={frame} role="img" aria-label={label} css={{ "& .u-over": { cursor: "crosshair" } }} />
    </Box>
  );
}
