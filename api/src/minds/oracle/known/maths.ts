// mathjs, loaded once: its module takes most of a second to load, so the server loads it while it
// starts (lexicon.ts: warmOracle), never inside a visitor's request.
import { createRequire } from "node:module";
import type { MathJsInstance } from "mathjs";

const require = createRequire(import.meta.url);
let instance: MathJsInstance | undefined;

export function maths(): MathJsInstance {
  instance ??= (require("mathjs") as { create: (factories: unknown) => MathJsInstance; all: unknown }).create((require("mathjs") as { all: unknown }).all);
  return instance;
}
