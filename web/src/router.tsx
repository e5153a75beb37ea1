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
      { path: paths.summon, lazy: () => import("./routes/Summon/route") },
      { path: paths.auth, lazy: () => import("./routes/Auth/route") },
      { path: paths.settings, lazy: () => import("./routes/Settings/route") },
      { path: "*", lazy: () => import("./routes/NotFound/route") },
    ],
  },
]);
