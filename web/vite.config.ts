// Vite: React with the Relay babel plugin (graphql`` tags become artifact imports), one chunk
// per route, and the API server as the dev proxy target.
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.NOMINA_API ?? "http://localhost:4000";

export default defineConfig({
  plugins: [
    react(),
    babel({
      include: /\.tsx?$/,
      plugins: [["relay", { artifactDirectory: "./src/__generated__", eagerEsModules: true }]],
    }),
  ],
  resolve: {
    // The app uses Relay's hooks API only: its entry point leaves out the legacy containers
    // (QueryRenderer, createFragmentContainer...) that react-relay's main entry drags in.
    alias: [{ find: /^react-relay$/, replacement: "react-relay/hooks" }],
  },
  build: {
    target: "es2022",
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Chakra's theme module builds its whole default theme with defineConfig() at load, which
      // the bundler must otherwise keep, and with it every component recipe Nomina leaves out
      // (theme/chakra.ts). defineConfig only returns its argument: an unused result may go.
      treeshake: { manualPureFunctions: ["defineConfig"] },
    },
  },
  server: {
    proxy: {
      "/api": api,
      "/healthz": api,
      "/graphql": { target: api, ws: true },
    },
  },
});
