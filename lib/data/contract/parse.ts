import { StoreError } from "./errors";
import type { z } from "./zod";

/** Parses or throws StoreError("invalid_input") naming each bad field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : what;
    fields[key] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => (field === what ? message : `${field}: ${message}`))
    .join("; ");
  throw new StoreError("invalid_input", `Invalid ${what}: ${summary}`, fields);
}
