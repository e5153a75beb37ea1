import { describe, expect, it } from "vitest";
import { FRESH_DRAFT, toggleSeat } from "./useDraft";

describe("choosing the seats", () => {
  it("sits all four by default, with the default chair and no review", () => {
    expect(FRESH_DRAFT).toMatchObject({ seats: ["gemini", "claude", "perplexity", "deepseek"], chair: null, review: false });
  });

  it("unseats a seat while more than two sit, and seats it again in seat order", () => {
    const three = toggleSeat(FRESH_DRAFT, "claude");
    expect(three.seats).toEqual(["gemini", "perplexity", "deepseek"]);
    const two = toggleSeat(three, "gemini");
    expect(toggleSeat(two, "perplexity")).toBe(two);
    expect(toggleSeat(two, "claude").seats).toEqual(["claude", "perplexity", "deepseek"]);
  });

  it("gives the chair back to the default when its seat leaves the table; rotate stays", () => {
    expect(toggleSeat({ ...FRESH_DRAFT, chair: "claude" }, "claude").chair).toBeNull();
    expect(toggleSeat({ ...FRESH_DRAFT, chair: "gemini" }, "claude").chair).toBe("gemini");
    expect(toggleSeat({ ...FRESH_DRAFT, chair: "rotate" }, "claude").chair).toBe("rotate");
  });
});
