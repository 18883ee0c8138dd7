/** Typed failures every adapter raises, so callers never parse messages. */
export type StoreErrorCode =
  /** The input is malformed: wrong type, empty, too long, out of range. */
  | "invalid_input"
  /** A referenced record (e.g. the product being added to a cart) does not exist. */
  | "not_found"
  /** The write would push a value past a business limit (e.g. cart line quantity). */
  | "limit_exceeded"
  /** The record changed since the caller read it (an edit's expected revision); nothing was written. */
  | "conflict"
  /** The backend failed or is unreachable; safe to retry. */
  | "unavailable";

export class StoreError extends Error {
  readonly code: StoreErrorCode;
  /**
   * Field-level reasons for invalid_input, keyed by field name; for
   * limit_exceeded, the reason keyed by the LIMITS entry it would pass
   * (lineQuantityMax, cartLinesMax: lib/data/rules/cart-bounds.ts).
   */
  readonly fields: Record<string, string>;

  /** `options.cause` keeps the backend's own error (for logs) behind the typed one. */
  constructor(code: StoreErrorCode, message: string, fields: Record<string, string> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
    this.code = code;
    this.fields = fields;
  }
}

const STORE_ERROR_CODES: ReadonlySet<string> = new Set<StoreErrorCode>([
  "invalid_input",
  "not_found",
  "limit_exceeded",
  "conflict",
  "unavailable",
]);

/**
 * Whether `error` is a StoreError (of `code`). By shape as well as by class:
 * the bundler may give a route and the store module each their own copy of
 * this file (seen: an admin page's action and the SQLite store), and then
 * `instanceof` alone says no to the store's own errors.
 */
export function isStoreError(error: unknown, code?: StoreErrorCode): error is StoreError {
  const shaped =
    error instanceof StoreError ||
    (error instanceof Error && error.name === "StoreError" && STORE_ERROR_CODES.has(String((error as { code?: unknown }).code)));
  return shaped && (code === undefined || (error as StoreError).code === code);
}
