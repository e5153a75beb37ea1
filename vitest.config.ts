import { createRequire } from "node:module";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  // The web app's graphql`` tags become artifact imports, as in its build (web/vite.config.ts), so
  // tests mount the hooks the screens use.
  plugins: [
    babel({
      include: /\/web\/src\/.*\.tsx?$/,
      plugins: [["relay", { artifactDirectory: "./web/src/__generated__", eagerEsModules: true }]],
    }),
  ],
  resolve: {
    // Node loads graphql's CommonJS build for Yoga and Pothos; Vite would otherwise pick its
    // ESM build for our sources, and two copies of GraphQLError break instanceof checks.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    include: ["shared/src/**/*.test.ts", "api/**/*.test.ts", "web/src/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    // Vitest would use one worker on two cores (cores - 1); the API tests spend much of their
    // time waiting on databases, sockets and child processes, so three keep both cores busy.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // Files share each worker's module cache instead of importing the whole app anew.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
    // Prepared databases (migrated and seeded once per run), copied by each test.
    globalSetup: ["api/test/global-setup.ts"],
  },
});
