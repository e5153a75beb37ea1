// Reveals `total` lines one at a time, the first at once; all at once under reduced motion
// (the motion is the reveal) or when the visitor asks for everything.
import { useEffect, useState, useSyncExternalStore } from "react";

const query = "(prefers-reduced-motion: reduce)";

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", listener);
      return () => media.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useReveal(total: number, intervalMs: number) {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(1);
  const [all, setAll] = useState(false);
  const complete = reduced || all || shown >= total;

  useEffect(() => {
    if (complete) return;
    const timer = window.setInterval(() => setShown((count) => Math.min(total, count + 1)), intervalMs);
    return () => window.clearInterval(timer);
  }, [complete, total, intervalMs]);

  return { shown: complete ? total : shown, complete, revealAll: () => setAll(true), animate: !reduced };
}
