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
  /** Field-level reasons for invalid_input, keyed by field name. */
  readonly fields: Record<string, string>;

  /** `options.cause` keeps the backend's own error (for logs) behind the typed one. */
  constructor(code: StoreErrorCode, message: string, fields: Record<string, string> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
    this.code = code;
    this.fields = fields;
  }
}

export function isStoreError(error: unknown, code?: StoreErrorCode): error is StoreError {
  return error instanceof StoreError && (code === undefined || error.code === code);
}
