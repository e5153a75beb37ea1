// Vite: React with the Relay babel plugin (graphql`` tags become artifact imports), one chunk
// per route, and the API server as the dev proxy target.
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every script, style sheet, SVG and
 * uncompressed font of the build over 1 KB, kept only when smaller: the server sends them as
 * they are (api/src/http/static-files.ts), so the best ratio costs nothing per request. woff2
 * is brotli inside already and is left alone. node:zlib rather than a plugin package: a few
 * lines, and nothing that must follow Vite's and Rolldown's plugin API (#21).
 */
function precompress(): Plugin {
  const worth = /\.(js|mjs|css|svg|json|ttf|otf|txt|xml|webmanifest|ico)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = "dist";
  return {
    name: "nomina-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((file) => path.join(outDir, file)).filter((file) => worth.test(file));
      await Promise.all(
        files.map(async (file) => {
          if (!(await stat(file)).isFile()) return;
          const body = await readFile(file);
          if (body.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gz(body, { level: 9 }),
          ]);
          if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
          if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

const api = process.env.NOMINA_API ?? "http://localhost:4000";

export default defineConfig({
  plugins: [
    react(),
    babel({
      include: /\.tsx?$/,
      plugins: [["relay", { artifactDirectory: "./src/__generated__", eagerEsModules: true }]],
    }),
    precompress(),
  ],
  resolve: {
    // The app uses Relay's hooks API only: its entry point leaves out the legacy containers
    // (QueryRenderer, createFragmentContainer...) that react-relay's main entry drags in.
    alias: [{ find: /^react-relay$/, replacement: "react-relay/hooks" }],
  },
  build: {
    target: "es2022",
    // Written for operators (an error's stack mapped back on the server), never referenced by the
    // scripts nor served (api/src/http/static-files.ts): 32 MB of sources are nobody's download.
    sourcemap: "hidden",
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
