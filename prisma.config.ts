// Prisma CLI configuration. The JavaScript schema engine needs no native binary, which is
// what lets `prisma generate` and `prisma migrate diff|deploy` work on machines without
// network access. `generate` never connects, so any postgres URL will do for it; authoring a
// migration (`npm run db:diff`) needs a reachable PostgreSQL server.
// The server never reads this file: it applies migrations itself (api/src/db/migrate.ts).
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    return new PrismaPg({ connectionString: process.env.DATABASE_URL });
  },
});
