/** Where the address book's own pages are: adding one address, editing one. Pure: both sides import it. */
import { ACCOUNT_PATH } from "@/lib/site-links";

export const addressBookPaths = {
  add: `${ACCOUNT_PATH}/addresses/new`,
  edit: (id: string) => `${ACCOUNT_PATH}/addresses/${encodeURIComponent(id)}`,
} as const;
