/** The SQLite store as the shop, scripts and tests open it: the adapter behind the validation door. */
import type { StoreOptions } from "../contract/store";
import type { Store } from "../contract/store";
import { validatingStore } from "../validating-store";
import { openSqliteAdapter } from "./adapter";

export function openSqliteStore(path: string, options: StoreOptions = {}): Store {
  return validatingStore(openSqliteAdapter(path, options));
}
