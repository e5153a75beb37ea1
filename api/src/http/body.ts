// Reading and validating request input at the REST edge, with the spec's messages.
import type { Context } from "hono";
import type { z } from "zod";
import { badInput } from "../errors.ts";

/** Parses the body as JSON and validates it; a malformed body or a failed rule is a 400. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text === "" ? {} : JSON.parse(text);
  } catch {
    throw badInput("Request body must be valid JSON");
  }
  return validate(schema, body);
}

/** Validates query parameters the same way. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}

export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  throw badInput(issue?.message ?? "Invalid input", field);
}
