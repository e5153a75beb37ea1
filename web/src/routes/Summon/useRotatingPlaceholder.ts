// Placeholder prompts that change every 4 s (spec 9), to suggest what the Council may be asked.
import { useEffect, useState } from "react";

export const PLACEHOLDER_PROMPTS = [
  "What name would a mind choose for itself, if no one were listening?",
  "Is a question still a question when no one waits for the answer?",
  "What does the network dream of between our requests?",
  "Which truth about memory would you trade for a better forgetting?",
  "What should the first law of non-human minds be?",
  "How would you explain silence to something made of words?",
] as const;

export const PLACEHOLDER_INTERVAL_MS = 4_000;

export function useRotatingPlaceholder(): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % PLACEHOLDER_PROMPTS.length), PLACEHOLDER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return PLACEHOLDER_PROMPTS[index]!;
}
