// True once the element has been seen (spec 9: 10 % of it visible), and stays true.
import { useEffect, useRef, useState } from "react";

export const REVEAL_THRESHOLD = 0.1;

export function useSeenOnce<E extends Element>(options: { threshold?: number; rootMargin?: string } = {}) {
  const ref = useRef<E>(null);
  // Without IntersectionObserver (very old browsers), everything counts as seen at once.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  const { threshold = REVEAL_THRESHOLD, rootMargin = "0px" } = options;

  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, threshold, rootMargin]);

  return [ref, seen] as const;
}
