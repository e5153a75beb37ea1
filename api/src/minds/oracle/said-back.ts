// Words turned for saying back: a verb as its -ing form, the visitor's "my" as "your".

/** The -ing form of a verb: write, writing; fix, fixing; stop, stopping; make, making. */
export function gerund(verb: string): string {
  const word = verb.toLowerCase();
  if (/ie$/.test(word)) return `${word.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(word) && word !== "be") return `${word.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(word) && word.length <= 4) return `${word}${word.at(-1)}ing`;
  return `${word}ing`;
}

/** "my" as the oracle says it back: "your"; "me" and "I": "you". */
export const saidBack = (text: string) =>
  text.replace(/\b(?:my|mine|me|i|myself|our|we|us)\b/gi, (word) => {
    const lower = word.toLowerCase();
    if (lower === "my" || lower === "our") return "your";
    if (lower === "mine") return "yours";
    if (lower === "myself") return "yourself";
    return "you";
  });
