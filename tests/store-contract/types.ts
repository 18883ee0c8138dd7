import type { Store } from "@/lib/data/types";

/** Opens a fresh, empty store; the suite closes it after each test. */
export type StoreFactory = () => Promise<Store>;
