import { describe, expect, it } from "vitest";
import { cardType, cardUrl } from "./cards";

describe("character cards", () => {
  it("are served as JSON or, asked for, as PNG", () => {
    expect(cardUrl("abc", "json")).toBe("/api/agents/abc/card");
    expect(cardUrl("abc", "png")).toBe("/api/agents/abc/card?format=png");
  });

  it("are recognised by their bytes, whatever the file is called", async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])]);
    expect(await cardType(png)).toBe("image/png");
    expect(await cardType(new Blob(['{"spec":"chara_card_v3"}']))).toBe("application/json");
    expect(await cardType(new Blob([]))).toBe("application/json");
  });
});
