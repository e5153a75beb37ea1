import { describe, expect, it } from "vitest";
import { FRESH_DRAFT, toggleMember, toggleSeat } from "./useDraft";

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

describe("ascended members in the draft", () => {
  const haiku = { id: "m-haiku", name: "Echo Haiku", seat: "gemini" as const };
  const cartographer = { id: "m-carto", name: "Cartographer of Lost Signals", seat: "gemini" as const };

  it("seats a member's seat with it, and one member per seat", () => {
    const two = toggleSeat(toggleSeat(FRESH_DRAFT, "gemini"), "claude");
    expect(two.seats).toEqual(["perplexity", "deepseek"]);
    const withHaiku = toggleMember(two, haiku);
    expect(withHaiku.seats).toEqual(["gemini", "perplexity", "deepseek"]);
    expect(withHaiku.members).toEqual([haiku]);
    // Another member bound to the same seat takes the seat in its place.
    expect(toggleMember(withHaiku, cartographer).members).toEqual([cartographer]);
    // Chosen again, the member leaves; its seat stays at the table.
    expect(toggleMember(withHaiku, haiku)).toMatchObject({ members: [], seats: ["gemini", "perplexity", "deepseek"] });
  });

  it("lets a member leave with its seat", () => {
    const withHaiku = toggleMember(FRESH_DRAFT, haiku);
    expect(toggleSeat(withHaiku, "gemini")).toMatchObject({ members: [], seats: ["claude", "perplexity", "deepseek"] });
  });
});
