/**
 * An error as a log line carries it: its name, code and message (scrubbed:
 * an SMTP refusal may quote an address; its newlines kept, as a message
 * listing several problems has them), and its cause's, one level deep.
 * The stack is added by the logger, only where it decides to (stack-throttle.ts).
 */
import { ERROR_MAX_CHARS, scrubStack, scrubText } from "./scrub";

export interface ErrorFields {
  name: string;
  message: string;
  code?: string | number;
  cause?: { name: string; message: string; code?: string | number };
  stack?: string;
}

function codeOf(error: object): string | number | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return scrubText(code, 80);
  return typeof code === "number" ? code : undefined;
}

function basics(error: unknown): { name: string; message: string; code?: string | number } {
  if (error instanceof Error) {
    const code = codeOf(error);
    return {
      name: scrubText(error.name, 80),
      message: scrubText(error.message, ERROR_MAX_CHARS, true),
      ...(code === undefined ? {} : { code }),
    };
  }
  if (error !== null && typeof error === "object") {
    const code = codeOf(error);
    return {
      name: "NonError",
      message: scrubText(String((error as { message?: unknown }).message ?? ""), ERROR_MAX_CHARS, true),
      ...(code === undefined ? {} : { code }),
    };
  }
  return { name: "NonError", message: scrubText(String(error), ERROR_MAX_CHARS, true) };
}

/** The fields of `error`; with its scrubbed stack when `withStack`. */
export function errorFields(error: unknown, withStack: boolean): ErrorFields {
  const fields: ErrorFields = basics(error);
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause !== undefined) fields.cause = basics(cause);
  if (withStack && error instanceof Error && error.stack) fields.stack = scrubStack(error.stack);
  return fields;
}
