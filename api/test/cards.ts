// A character card as another app writes it: the V2 spec (`chara_card_v2`) with every field
// present, most of them empty, for the tests that import one.

/** Captain Wren's V2 card, with `data` over its fields (a scenario, example replies, tags...). */
export function captainWrenCard(data: Record<string, unknown> = {}) {
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name: "Captain Wren",
      description: "A sky-ship captain who collects storms.",
      personality: "Brave, curious, a little reckless.",
      scenario: "",
      first_mes: "Storm's coming. Want to see it up close?",
      mes_example: "",
      creator_notes: "",
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: [] as unknown[],
      tags: [] as unknown[],
      creator: "",
      character_version: "1",
      extensions: {},
      ...data,
    },
  };
}
