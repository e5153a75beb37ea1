// The landing terminal's commands (spec 2): trimmed, case-insensitive; four of them open a
// screen after one second (spec 9: terminal redirect delay 1000 ms).
import { paths } from "@nomina/shared/paths";

export const REDIRECT_DELAY_MS = 1_000;

const REDIRECTS: Record<string, { to: string; label: string }> = {
  "/summon": { to: paths.summon, label: "the Summoning Gate" },
  "/witness": { to: paths.witnessing, label: "Witnessing" },
  "/create": { to: paths.createAgent, label: "the Forge" },
  "/council": { to: paths.councilTerminal, label: "the Council Terminal" },
};

export const HELP = [
  "Available commands:",
  "/help     list these commands",
  "/summon   open the Summoning Gate",
  "/witness  open Witnessing",
  "/create   forge a new agent",
  "/council  open the Council Terminal",
].join("\n");

export type Outcome = { response: string; redirect?: string };

/** What the terminal answers to `input`, and where it then goes; null for an empty line. */
export function runCommand(input: string): Outcome | null {
  const command = input.trim();
  if (!command) return null;
  const key = command.toLowerCase();
  if (key === "/help") return { response: HELP };
  const target = REDIRECTS[key];
  if (target) return { response: `Opening ${target.label}...`, redirect: target.to };
  return { response: `Unknown command: ${command}. Type /help for available commands.` };
}
