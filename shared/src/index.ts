// What the server and the browser share. Import a module by its path (@nomina/shared/agents) to
// take only what it needs; this index gathers them all.
export * from "./accounts.ts";
export * from "./agents.ts";
export * from "./conversations.ts";
export * from "./council.ts";
export * from "./enums.ts";
export * from "./glyph-image.ts";
export * from "./meta.ts";
export * from "./minds.ts";
export * from "./notifications.ts";
export * from "./paths.ts";
export * from "./slug.ts";
export * from "./text.ts";
export * from "./waitlist.ts";
export * from "./whispers.ts";
