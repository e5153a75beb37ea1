import { describe, expect, it } from "vitest";
import { EMBED_DEFAULTS, embedHeight, embedSnippet, embedUrl } from "./embed-url";
import { DEFAULT_TONE, summoningPhrase } from "./summoning-phrase";

describe("the embed URL and snippet", () => {
  it("carries no parameter for the defaults", () => {
    expect(embedUrl("https://nomina.example", "a1", EMBED_DEFAULTS)).toBe("https://nomina.example/embed/a1");
  });

  it("adds theme=light, glyphs=false and autoFocus=true only when chosen", () => {
    expect(embedUrl("https://n.example", "a1", { ...EMBED_DEFAULTS, theme: "light" })).toBe("https://n.example/embed/a1?theme=light");
    expect(embedUrl("https://n.example", "a1", { ...EMBED_DEFAULTS, glyphs: false, autoFocus: true })).toBe(
      "https://n.example/embed/a1?glyphs=false&autoFocus=true",
    );
  });

  it("takes the height typed, and the default 400 for an emptied or meaningless one, never 0", () => {
    expect(embedHeight("520")).toBe(520);
    expect(embedHeight("")).toBe(400);
    expect(embedHeight("0")).toBe(400);
    expect(embedHeight("-5")).toBe(400);
    expect(embedHeight("9999")).toBe(2000);
  });

  it("escapes what it writes into the snippet's attributes", () => {
    const snippet = embedSnippet("https://n.example/embed/a1?theme=light&glyphs=false", `"Quoted" <Name>`, { ...EMBED_DEFAULTS, width: '100%" onload="x' });
    expect(snippet).toContain('src="https://n.example/embed/a1?theme=light&amp;glyphs=false"');
    expect(snippet).toContain('width="100%&quot; onload=&quot;x"');
    expect(snippet).toContain('title="&quot;Quoted&quot; &lt;Name> on Nomina"');
    expect(snippet).toContain('height="400"');
  });
});

describe("the summoning phrase", () => {
  const essence = {
    name: "Echo Haiku",
    glyph: "≋",
    apiModel: "gemini",
    persona: { traits: ["contemplative", "gentle", "precise"], tone: "hushed" },
    capabilities: { skills: ["haiku composition"] },
  };

  it("is the same for the same agent, and woven from its essence", () => {
    const phrase = summoningPhrase(essence);
    expect(summoningPhrase(essence)).toBe(phrase);
    for (const part of ["Echo Haiku", "≋", "contemplative and gentle", "hushed", "haiku composition", "gemini"]) expect(phrase).toContain(part);
  });

  it("speaks in a mystical voice when the tone is missing", () => {
    expect(summoningPhrase({ ...essence, persona: null, capabilities: null })).toContain(`${DEFAULT_TONE} voice. Rise from the gemini seat`);
  });
});
