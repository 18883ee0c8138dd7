/**
 * Writes that hold no lock on what they decide on. A document many writers
 * share (a cart's document and lines, a product's stock, a code's use count)
 * is read outside the transaction that writes it, and written with the
 * precondition that it has not changed since that read: its update time, or
 * `create` where it was absent. Two writers then never wait on each other's
 * read locks: the first commit lands, the other's precondition fails, it
 * wrote nothing, and it runs again on a fresh read. Had both read in their
 * transactions, each would hold a read lock the other's commit waits for:
 * Cloud Firestore aborts one at once, but the emulator waits out a 2 s lock
 * timeout, often aborts both, and their reruns after firebase-admin's backoff
 * can lock each other again, past the store's 10 s deadline.
 */
import { grpcCode } from "./guard";

const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;

/** At most this many runs of one write whose documents moved under it; each run follows another writer's commit. */
const MOVED_RUNS = 10;

/**
 * A commit refused because a document it wrote with a precondition changed
 * since it was read: updated (its update time), deleted, or created by
 * another writer where this one found none. Nothing of that commit was written.
 */
function isMovedSinceRead(error: unknown): boolean {
  const code = grpcCode(error);
  return code === FAILED_PRECONDITION || code === NOT_FOUND || code === ALREADY_EXISTS;
}

/**
 * Runs `attempt` (a fresh read and its write) again while what it read moves
 * under it, until `signal` (its caller's deadline, when it has one) aborts.
 */
export async function rerunWhileMoved<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isMovedSinceRead(error) || run >= MOVED_RUNS || signal?.aborted) throw error;
    }
  }
}
