/** The SQLite store as the shop, scripts and tests open it: the adapter behind the validation door. */
import type { Store } from "../types";
import { validatingStore } from "../validating-store";
import { openSqliteAdapter } from "./adapter";

export function openSqliteStore(path: string): Store {
  return validatingStore(openSqliteAdapter(path));
}
