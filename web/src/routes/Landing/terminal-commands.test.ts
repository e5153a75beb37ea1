import { describe, expect, it } from "vitest";
import { HELP, runCommand } from "./terminal-commands";

describe("the landing terminal's commands", () => {
  it("trims and ignores case", () => {
    expect(runCommand("  /HeLp  ")).toEqual({ response: HELP });
    expect(runCommand(" /Summon ")).toEqual({ response: "Opening the Summoning Gate...", redirect: "/summon" });
  });

  it("opens the four screens of the spec", () => {
    expect(["/summon", "/witness", "/create", "/council"].map((command) => runCommand(command)?.redirect)).toEqual([
      "/summon",
      "/witnessing",
      "/create-agent",
      "/council-terminal",
    ]);
  });

  it("answers anything else with the spec's message, quoting the input as typed", () => {
    expect(runCommand(" Open Sesame ")).toEqual({ response: "Unknown command: Open Sesame. Type /help for available commands." });
  });

  it("does nothing for an empty line", () => {
    expect(runCommand("   ")).toBeNull();
  });
});
