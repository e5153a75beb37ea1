// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that turns the committed schema (git HEAD) into the working prisma/schema.prisma.
// Prisma 7 diffs two schema files without a database; it runs Prisma's schema engine
// (PRISMA_SCHEMA_ENGINE_BINARY, or the one Prisma downloads when the network allows).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name_in_snake_case>");
  process.exit(2);
}
const previous = path.join(mkdtempSync(path.join(tmpdir(), "nomina-schema-")), "schema.prisma");
writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"]));
const sql = execFileSync("npx", ["prisma", "migrate", "diff", "--from-schema", previous, "--to-schema", "prisma/schema.prisma", "--script"], {
  env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test" },
}).toString();
if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
  console.error("The schema has not changed since HEAD: no migration written.");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`wrote ${dir}/migration.sql`);
