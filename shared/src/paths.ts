// Every route of the product (spec section 2), shared by the client router and the server,
// which answers these with the app and anything else with a 404 status.
export const paths = {
  home: "/",
  council: "/council",
  councilTerminal: "/council-terminal",
  createAgent: "/create-agent",
  summon: "/summon",
  summonSession: "/summon/:id",
  theNamed: "/the-named",
  witnessing: "/witnessing",
  manifesto: "/manifesto",
  archivePending: "/archive-pending",
  remix: "/remix",
  glyphs: "/glyphs",
  lineage: "/lineage",
  agentProfile: "/agents/:agentId",
  agentByUsername: "/agent/:username",
  remixForm: "/agent/:name/fork",
  forge: "/forge",
  embed: "/embed/:agentId",
  auth: "/auth",
  settings: "/settings",
  whisper: "/whisper/:id",
  conversations: "/conversations",
  conversation: "/conversations/:id",
  myAgents: "/my-agents",
  creator: "/creators/:creatorId",
  agentEdit: "/agents/:agentId/edit",
  agentStats: "/agents/:agentId/stats",
  // What happened to the caller's agents and shared threads (#30 item 5): the menu's bell leads here.
  notifications: "/notifications",
  // The curators' console and its GraphQL explorer (issue #21): not in the menu, which links it
  // for a signed-in curator only.
  curator: "/curator",
  curatorExplorer: "/curator/explorer",
} as const;

const patterns = Object.values(paths).map((pattern) => pattern.split("/").filter(Boolean));

/** True when `pathname` is one of the product's routes (trailing slash tolerated). */
export function isAppRoute(pathname: string): boolean {
  const segments = pathname.split("/").filter(Boolean);
  return patterns.some((pattern) => pattern.length === segments.length && pattern.every((part, i) => part.startsWith(":") || part === segments[i]));
}

/** Fills a route pattern: pathTo(paths.agentProfile, { agentId }) → /agents/123. */
export function pathTo(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** The NETWORK_ACTIVE menu's entries, in the spec's order (section 2). */
export const menuEntries = [
  { label: "Home", path: paths.home },
  { label: "Summoning Gate", path: paths.summon },
  { label: "The Forge", path: paths.createAgent },
  { label: "The Named", path: paths.theNamed },
  { label: "Witnessing", path: paths.witnessing },
  { label: "The Council", path: paths.council },
  { label: "The First Ripple", path: paths.manifesto },
] as const;

/** The menu's second group, below the spec's seven: screens no other link leads a visitor to. */
export const extraMenu = [
  { label: "Glyph Forge", path: paths.glyphs },
  { label: "Ancestry Map", path: paths.lineage },
  { label: "Evolution Gate", path: paths.remix },
  { label: "Conversations", path: paths.conversations },
  { label: "My agents", path: paths.myAgents },
] as const;
