// The route table (spec section 2). Each screen is its own chunk, loaded with its data.
import { createBrowserRouter } from "react-router-dom";
import { Shell } from "./components/Shell";
import { RitualLoader } from "./components/RitualLoader";
import { RouteError } from "./components/RouteError";
import { paths } from "./routes/paths";

export const router = createBrowserRouter([
  {
    Component: Shell,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <RitualLoader label="Opening the gate..." />,
    children: [
      { path: paths.home, lazy: () => import("./routes/Landing/route") },
      { path: paths.theNamed, lazy: () => import("./routes/TheNamed/route") },
      { path: paths.council, lazy: () => import("./routes/Council/route") },
      { path: paths.councilTerminal, lazy: () => import("./routes/Council/route") },
      { path: paths.glyphs, lazy: () => import("./routes/GlyphForge/route") },
      { path: paths.manifesto, lazy: () => import("./routes/Manifesto/route") },
      { path: paths.archivePending, lazy: () => import("./routes/Archive/route") },
      { path: paths.witnessing, lazy: () => import("./routes/Witnessing/route") },
      { path: "*", lazy: () => import("./routes/NotFound/route") },
    ],
  },
]);
