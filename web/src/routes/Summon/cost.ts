// What the Council costs, as people read it: dollars from list prices; the offline oracle is free.
import type { Mode } from "./councilStream";

/** "$0", "$0.0042", "$1.25". */
export function usd(amount: number): string {
  if (amount === 0) return "$0";
  return `$${amount.toFixed(amount < 1 ? 4 : 2)}`;
}

/** One call's cost: the oracle's says it is free; a model's may be unknown (no list price). */
export function callCost(mode: Mode | null, costUsd: number | null): string {
  if (mode === "oracle") return "cost $0 (the oracle is free)";
  return costUsd == null ? "cost unknown" : `cost ${usd(costUsd)}`;
}
