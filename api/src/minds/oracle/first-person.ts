// A behaviour said by the one who has it.

/** "Listens to a visitor, then answers with a title." said by the agent: "I listen ..., then answer ...". */
export function firstPerson(behaviour: string): string {
  const words = behaviour
    .trim()
    .replace(/[.!?]*$/, ".")
    .split(" ");
  const said = words.map((word, i) => {
    const previous = words[i - 1]?.toLowerCase() ?? "";
    const starts = i === 0 || /^(then|and|or|but)$/.test(previous) || previous.endsWith(",");
    if (!starts || !/^[A-Za-z]+s$/.test(word) || /(ss|us|is)$/.test(word)) return word;
    const base = word
      .replace(/ies$/, "y")
      .replace(/(ch|sh|x|o)es$/, "$1")
      .replace(/s$/, "");
    return base.toLowerCase();
  });
  return `I ${said.join(" ").replace(/\bits own\b/g, "my own")}`;
}
