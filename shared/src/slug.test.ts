import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

// Usernames are the slug of the name (api/src/domains/agents/username.ts adds the numbering).
describe("usernames", () => {
  it("derive from the name as lower-case ASCII words", () => {
    expect(slugify("The Silent Hand")).toBe("the-silent-hand");
    expect(slugify("  Ünïcode   Ōracle!! ")).toBe("unicode-oracle");
    expect(slugify("R2-D2 v2")).toBe("r2-d2-v2");
  });

  it("fall back to 'agent' when nothing is left", () => {
    expect(slugify("◊◊◊")).toBe("agent");
    expect(slugify("")).toBe("agent");
  });

  it("stay short", () => {
    expect(slugify("a".repeat(100))).toHaveLength(40);
    expect(slugify(`${"word ".repeat(7)}tail`)).not.toMatch(/-$/);
  });
});

describe("glyph file names", () => {
  it("take the same slug, with nothing when no letter or digit is left", () => {
    expect(slugify("  Ωmega Nova!  ", "")).toBe("mega-nova");
    expect(slugify("☽☽", "")).toBe("");
  });
});
