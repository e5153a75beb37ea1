// Reading and validating request input at the REST edge, with the spec's messages.
import type { Context } from "hono";
import type { z } from "zod";
import { ClientError, badInput } from "../errors.ts";
import { refuseNul } from "../nul.ts";

/**
 * Parses the body as JSON and validates it; a malformed body or a failed rule is a 400.
 * The body must be declared as JSON: a cross-site form can send text/plain without a CORS
 * preflight, so accepting it would let other sites write on a visitor's behalf.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(c));
}

export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new ClientError(415, "Send the body as JSON with Content-Type: application/json");
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text === "" ? {} : JSON.parse(text);
  } catch {
    throw badInput("Request body must be valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badInput("Request body must be a JSON object");
  }
  refuseNul(body);
  return body;
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
