// The route table (spec section 2). Each screen is its own chunk, loaded with its data; every
// screen gets the Relay environment (relay/routes.ts) unless its route says `relay: false`.
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { ShellSkeleton } from "./components/ShellSkeleton";
import { RouteError } from "./components/RouteError";
import { Shell } from "./components/Shell";
import { releaseLeftRouteQueries } from "./relay/route-queries";
import { relayRoute } from "./relay/routes";
import { paths } from "@nomina/shared/paths";

const noRelay = { relay: false };

const screens: RouteObject[] = [
  { path: paths.home, handle: noRelay, lazy: () => import("./routes/Landing/route") },
  { path: paths.createAgent, lazy: () => import("./routes/Forge/route") },
  { path: paths.theNamed, lazy: () => import("./routes/TheNamed/route") },
  { path: paths.agentProfile, lazy: () => import("./routes/AgentProfile/route") },
  { path: paths.agentByUsername, lazy: () => import("./routes/AgentProfile/route") },
  { path: paths.remixForm, lazy: () => import("./routes/RemixForm/route") },
  { path: paths.forge, handle: noRelay, lazy: () => import("./routes/RemixForm/redirect") },
  { path: paths.remix, lazy: () => import("./routes/EvolutionGate/route") },
  { path: paths.lineage, lazy: () => import("./routes/Lineage/route") },
  { path: paths.whisper, lazy: () => import("./routes/Whisper/route") },
  { path: paths.conversations, lazy: () => import("./routes/Conversations/route") },
  { path: paths.conversation, lazy: () => import("./routes/Conversation/route") },
  { path: paths.myAgents, lazy: () => import("./routes/MyAgents/route") },
  { path: paths.notifications, lazy: () => import("./routes/Notifications/route") },
  { path: paths.creator, lazy: () => import("./routes/Creator/route") },
  { path: paths.agentEdit, lazy: () => import("./routes/AgentEdit/route") },
  { path: paths.agentStats, lazy: () => import("./routes/AgentStats/route") },
  { path: paths.council, lazy: () => import("./routes/Council/route") },
  { path: paths.councilTerminal, lazy: () => import("./routes/Council/route") },
  { path: paths.witnessing, lazy: () => import("./routes/Witnessing/route") },
  { path: paths.glyphs, handle: noRelay, lazy: () => import("./routes/GlyphForge/route") },
  { path: paths.manifesto, handle: noRelay, lazy: () => import("./routes/Manifesto/route") },
  { path: paths.archivePending, handle: noRelay, lazy: () => import("./routes/Archive/route") },
  // One route for the Gate and a session's page (paths.summonSession): asking a first question
  // moves to the session's address without leaving the screen.
  { path: `${paths.summon}/:id?`, lazy: () => import("./routes/Summon/route") },
  { path: paths.auth, lazy: () => import("./routes/Auth/route") },
  { path: paths.settings, lazy: () => import("./routes/Settings/route") },
  // The curators' console brings its own Relay environment, on the curator's token (curator/).
  { path: paths.curator, handle: noRelay, lazy: () => import("./routes/Curator/route") },
  { path: paths.curatorExplorer, handle: noRelay, lazy: () => import("./routes/Curator/route") },
  { path: "*", handle: noRelay, lazy: () => import("./routes/NotFound/route") },
];

export const router = createBrowserRouter([
  // Embeds live inside other sites' frames: no menu, no cosmos, their own theme.
  relayRoute({ path: paths.embed, HydrateFallback: () => null, lazy: () => import("./routes/Embed/route") }),
  {
    Component: Shell,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <ShellSkeleton label="Opening the gate..." />,
    children: screens.map(relayRoute),
  },
]);

releaseLeftRouteQueries(router);
