/**
 * What every Firestore concern (catalogue, carts, users, sessions) shares: the
 * client, `guard` (each call typed and bounded in time: guard.ts), and the
 * close() that releases listeners before the client itself.
 */
import { log } from "@/lib/log";
import type { Firestore } from "firebase-admin/firestore";
import type { Clock, StoreOptions } from "../contract/store";
import { storeLifecycle } from "../lifecycle";
import { createGuard, type CallDeadline } from "./guard";
import type { ResilientListenerOptions } from "./resilient-listener";

export interface FirestoreStoreOptions extends StoreOptions {
  /** How long one call may take before it fails as unavailable (guard.ts). */
  deadlineMs?: number;
  /** Backoff of the snapshot listeners' reopen after an error (resilient-listener.ts). */
  listeners?: ResilientListenerOptions;
}

export interface FirestoreContext {
  readonly db: Firestore;
  readonly options: FirestoreStoreOptions;
  /** The clock carts run on (StoreOptions.cartClock). */
  readonly cartClock: Clock;
  /** Runs one store call: refused at once after close(), unavailable past its deadline. */
  guard<T>(body: (deadline: CallDeadline) => Promise<T>): Promise<T>;
  /** Throws unavailable once closed: a listener on a terminated client would be reopened forever. */
  ensureOpen(): void;
  /** Registers what close() releases before the client terminates (listeners, feeds). */
  onClose(release: () => void): void;
  close(): Promise<void>;
}

export function firestoreContext(db: Firestore, options: FirestoreStoreOptions): FirestoreContext {
  const bounded = createGuard(options.deadlineMs);
  const life = storeLifecycle();
  return {
    db,
    options,
    cartClock: options.cartClock ?? Date.now,
    // After close() every call fails at once, as on SQLite: a terminated
    // firebase-admin client can leave a get unsettled (its rejection is lost
    // inside the SDK), which would cost every caller a whole deadline.
    guard: (body) =>
      bounded(async (deadline) => {
        life.ensureOpen();
        return body(deadline);
      }),
    ensureOpen: life.ensureOpen,
    onClose: life.onClose,
    // terminate() waits for every pending call, which firebase-admin retries
    // for minutes against an unreachable host: shutdown waits one deadline at most.
    close: async () =>
      life.close(() =>
        bounded(() => db.terminate()).catch((error: unknown) => log.error("store.close_failed", "Firestore did not close cleanly", error)),
      ),
  };
}
