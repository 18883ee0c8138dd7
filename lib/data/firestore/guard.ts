/**
 * Every Firestore failure leaves the adapter as a typed StoreError, and within
 * a bounded time, so callers branch on `code` and never hang or parse messages.
 *
 * - Our own StoreErrors (invalid_input, not_found, limit_exceeded) pass as they are.
 * - INVALID_ARGUMENT from Firestore is an input it refused: invalid_input.
 * - Everything else the backend throws is `unavailable`: gRPC codes
 *   (UNAVAILABLE, DEADLINE_EXCEEDED, ABORTED, PERMISSION_DENIED, …), and errors
 *   with no code at all, such as a transaction that ran out of retries
 *   ("Exceeded maximum number of retries allowed") or a terminated client.
 *   The original error is kept as `cause`.
 * - A call that has not settled after `deadlineMs` is `unavailable` too:
 *   against an unreachable host firebase-admin keeps retrying for minutes, and
 *   a page or a session check must answer long before that. The body gets an
 *   AbortSignal that fires on overrun, so work that has not reached the
 *   backend yet (an add still queued behind its line's running batch) is
 *   dropped instead of landing after the caller was told it failed. A write
 *   already sent cannot be called back; it may still land, as with any lost
 *   acknowledgement.
 */
import { StoreError } from "../errors";

const INVALID_ARGUMENT = 3;

/** How long one store call may take before it counts as unavailable. */
export const DEFAULT_DEADLINE_MS = 10_000;

export function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "number" ? code : undefined;
}

/** The typed error a backend failure becomes. */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (grpcCode(error) === INVALID_ARGUMENT) {
    return new StoreError("invalid_input", `Firestore refused the input (${detail})`, {}, { cause: error });
  }
  return new StoreError("unavailable", `Firestore is unavailable (${detail})`, {}, { cause: error });
}

/** Returns `guard(body)`: runs body, turning every failure and every overrun into a StoreError. */
export function createGuard(deadlineMs: number = DEFAULT_DEADLINE_MS) {
  return async function guard<T>(body: (overran: AbortSignal) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const controller = new AbortController();
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new StoreError("unavailable", `Firestore did not answer within ${deadlineMs / 1000} s`));
      }, deadlineMs);
    });
    try {
      return await Promise.race([body(controller.signal), overrun]);
    } catch (error) {
      throw toStoreError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
