// Prints the GraphQL schema to schema.graphql (the Relay compiler reads it), or with --check
// fails when the committed file differs from what the code builds.
import { readFile, writeFile } from "node:fs/promises";
import { printSchema } from "graphql";
import { schema } from "../src/graphql/schema.ts";

const target = new URL("../../schema.graphql", import.meta.url);
const printed = `${printSchema(schema)}\n`;

if (process.argv.includes("--check")) {
  const committed = await readFile(target, "utf8").catch(() => "");
  if (committed !== printed) {
    console.error("schema.graphql is out of date with the code: run `npm run schema:print` and commit it.");
    process.exit(1);
  }
  console.log("schema.graphql matches the code");
} else {
  await writeFile(target, printed);
  console.log("schema.graphql written");
}
