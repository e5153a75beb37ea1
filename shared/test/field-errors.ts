// A form's view of a schema's verdict: the first message of each field, as the forms show it
// (@hookform/resolvers/zod keeps each field's first issue).
import type { z } from "zod";

export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}
