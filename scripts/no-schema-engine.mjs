#!/usr/bin/env node
// What `prisma generate` is told the schema engine is (package.json): generate checks that the
// binary exists but never runs it, and this stand-in spares a fresh machine a download from
// outside the npm registry. Anything that does try to run it learns why it cannot.
console.error("No Prisma schema engine here: `npm run db:migration` needs PRISMA_SCHEMA_ENGINE_BINARY set to a real one.");
process.exit(1);
