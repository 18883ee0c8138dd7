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
 *   a page or a session check must answer long before that.
 *
 * "Unavailable" must mean "nothing was written": the shopper told so presses
 * again, and a write that landed anyway would count twice. So the body gets a
 * CallDeadline. Its signal fires on overrun, and work that has not reached the
 * backend yet (an add queued behind its line's batch) is dropped. A
 * transaction claims the deadline right before it commits: once the deadline
 * has passed the claim is refused and the transaction writes nothing; while a
 * claim is held, the deadline waits for the commit's outcome (one more
 * deadline at most), since the backend has just answered the transaction's
 * reads and the commit is about to tell which way it went.
 */
import { StoreError } from "../contract/errors";

const INVALID_ARGUMENT = 3;

/** How long one store call may take before it counts as unavailable. */
const DEFAULT_DEADLINE_MS = 10_000;

/** What a guarded body sees of its own deadline. */
export interface CallDeadline {
  /** Fires once the caller has been told "unavailable". */
  readonly signal: AbortSignal;
  /**
   * Asks to send a write now. False once the caller has been told
   * "unavailable": write nothing. True holds the deadline off until
   * `release` is called.
   */
  claim(): boolean;
  /**
   * Ends a claim. `committed`: the write landed and its result is on the way
   * to the caller. Otherwise it did not (a transaction about to rerun, or
   * failed): a deadline that passed meanwhile is answered now.
   */
  release(committed: boolean): void;
}

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
  return async function guard<T>(body: (deadline: CallDeadline) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timers: NodeJS.Timeout[] = [];
    let claims = 0;
    let passed = false;
    let answer!: (error: StoreError) => void;
    const overrun = new Promise<never>((_, reject) => {
      answer = reject;
    });
    const giveUp = () => {
      if (controller.signal.aborted) return;
      controller.abort();
      answer(new StoreError("unavailable", `Firestore did not answer within ${deadlineMs / 1000} s`));
    };
    timers.push(
      setTimeout(() => {
        passed = true;
        if (claims === 0) giveUp();
        // A commit in flight: its outcome is awaited, for one more deadline at most.
        else timers.push(setTimeout(giveUp, deadlineMs));
      }, deadlineMs),
    );
    const deadline: CallDeadline = {
      signal: controller.signal,
      claim: () => {
        if (controller.signal.aborted) return false;
        claims += 1;
        return true;
      },
      release: (committed) => {
        claims = Math.max(0, claims - 1);
        if (!committed && passed && claims === 0) giveUp();
      },
    };
    try {
      return await Promise.race([body(deadline), overrun]);
    } catch (error) {
      throw toStoreError(error);
    } finally {
      timers.forEach(clearTimeout);
    }
  };
}
