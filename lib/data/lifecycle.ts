/**
 * A store's life, the same on every backend: open until close(), which
 * releases what its concerns registered (feeds, listeners) and then the
 * connection itself, once; after it every call fails as unavailable at once.
 */
import { StoreError } from "./contract/errors";

interface StoreLifecycle {
  /** Throws unavailable once closed. */
  ensureOpen(): void;
  /** Registers what close() releases before the connection itself. */
  onClose(release: () => void): void;
  /** Runs the releases, then `closeConnection`; later calls do nothing. */
  close<T>(closeConnection: () => T): T | undefined;
}

export function storeLifecycle(): StoreLifecycle {
  const releases: (() => void)[] = [];
  let closed = false;
  return {
    ensureOpen: () => {
      if (closed) throw new StoreError("unavailable", "The store is closed");
    },
    onClose: (release) => releases.push(release),
    close: (closeConnection) => {
      if (closed) return undefined;
      closed = true;
      releases.forEach((release) => release());
      return closeConnection();
    },
  };
}
