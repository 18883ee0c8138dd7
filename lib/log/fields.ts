/**
 * The fields a log line may carry besides its kind and message: flat values
 * only (no object whose keys could hold anything), under keys that do not
 * name personal data or a credential. A refused key is dropped and named in
 * `redactedKeys`, so the line still says that something was left out.
 */
import { scrubText } from "./scrub";

export type LogValue = string | number | boolean | null | undefined;
export type LogFields = { readonly [key: string]: LogValue };

/**
 * Words of a key (camelCase, snake_case or kebab-case) that name a person,
 * where they live, who they are to the shop, or a secret: a key holding one
 * is never logged, whatever its value.
 */
const PERSONAL_WORDS = new Set([
  ...["email", "mail", "name", "names", "address", "street", "city", "postal", "zip", "phone", "ip"],
  ...["user", "uid", "owner", "customer", "shopper", "account", "sid", "session"],
  ...["token", "secret", "password", "passwd", "cookie", "authorization", "credential", "credentials", "key"],
]);

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Keys the logger writes itself; a caller's field of that name is dropped too. */
const RESERVED_KEYS = new Set(["level", "time", "pid", "msg", "kind", "reqId", "route", "err", "stackOmitted", "redactedKeys"]);

/** Whether a caller's field key is refused (exported for the tests). */
export function isRefusedKey(key: string): boolean {
  return RESERVED_KEYS.has(key) || wordsOf(key).some((word) => PERSONAL_WORDS.has(word));
}

/** The fields as written: refused keys dropped (and listed), strings scrubbed, non-finite numbers as text. */
export function safeFields(fields: LogFields | undefined): Record<string, LogValue | string[]> {
  const out: Record<string, LogValue | string[]> = {};
  if (!fields) return out;
  const refused: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (isRefusedKey(key)) {
      refused.push(scrubText(key, 40));
      continue;
    }
    out[key] = typeof value === "string" ? scrubText(value) : typeof value === "number" && !Number.isFinite(value) ? String(value) : value;
  }
  if (refused.length > 0) out.redactedKeys = refused;
  return out;
}
