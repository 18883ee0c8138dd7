import type { StoreOptions } from "@/lib/data/contract/store";
import type { Store } from "@/lib/data/contract/store";

/** Opens a fresh, empty store (on a test's clock, when given); the suite closes it after each test. */
export type StoreFactory = (options?: StoreOptions) => Promise<Store>;

/**
 * Opens a second instance on the same database as `first`, as another server
 * process would (its own connection, its own in-process state). The test that
 * asks for it closes it.
 */
export type SecondInstanceFactory = (first: Store) => Promise<Store>;
