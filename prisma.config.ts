// Prisma CLI configuration. `prisma generate` never connects and never runs the schema engine
// (package.json points PRISMA_SCHEMA_ENGINE_BINARY at a stand-in so that it does not download
// one): a fresh machine generates the client from the npm registry alone. Authoring a migration
// (`npm run db:migration`) runs the real schema engine against a reachable PostgreSQL server.
// The server never reads this file: it applies migrations itself (api/src/db/migrate.ts).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test" },
});
