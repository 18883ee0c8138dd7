/**
 * What no log line may carry, removed from text before it is written: an
 * email address, a token in a URL's query, a JWT or JWE, a bearer
 * credential. Also keeps each text one line and short. Shared by every
 * field, message and error text the logger writes.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const QUERY_SECRET = /([?&](?:token|code|key|secret|sig|signature|access_token|id_token)=)[^&\s"'#]+/gi;
const COMPACT_JWT = /\beyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){1,4}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The longest text a field or message keeps; an error's message (ERROR_MAX_CHARS) and stack keep more. */
const TEXT_MAX_CHARS = 300;
export const ERROR_MAX_CHARS = 1000;
const STACK_MAX_CHARS = 4000;

/**
 * `text` without personal data or credentials, control characters made
 * spaces (newlines kept with `keepNewlines`: JSON escapes them, so the line
 * stays one), cut to `max` characters.
 */
export function scrubText(text: string, max = TEXT_MAX_CHARS, keepNewlines = false): string {
  const clean = text
    .replace(EMAIL, "[email]")
    .replace(QUERY_SECRET, "$1[redacted]")
    .replace(COMPACT_JWT, "[jwt]")
    .replace(BEARER, "$1 [redacted]")
    .replace(keepNewlines ? CONTROL_BUT_NEWLINE : CONTROL, " ");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A stack: each line scrubbed, newlines kept. */
export function scrubStack(stack: string): string {
  const lines = stack.split("\n").map((line) => scrubText(line, TEXT_MAX_CHARS));
  const joined = lines.join("\n");
  return joined.length > STACK_MAX_CHARS ? `${joined.slice(0, STACK_MAX_CHARS)}…` : joined;
}
