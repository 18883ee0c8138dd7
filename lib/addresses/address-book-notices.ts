/**
 * What the account page says after a change to the address book, in the
 * shopper's words, and the codes that carry it through the redirect that
 * follows each change (only codes travel in the URL). Pure: both sides
 * import it.
 */
import { ADDRESS_BOOK_MAX } from "@/lib/data/contract/address-book";

/** The query parameter that carries the answer to the account page. */
export const ADDRESS_NOTICE_PARAM = "address";
/** The account page's address book section, which the answer scrolls to. */
export const ADDRESS_BOOK_ANCHOR = "addresses";

export const ADDRESS_BOOK_MESSAGES = {
  added: "Address saved to your address book.",
  saved: "Address saved.",
  deleted: "Address deleted.",
  defaultSet: "Default address changed: the checkout starts from it.",
  notFound: "That address is no longer in your address book: it was deleted, perhaps in another tab.",
  full: `Your address book holds at most ${ADDRESS_BOOK_MAX} addresses: delete one to add another.`,
  signedOut: "Your session has ended. Sign in again to change your addresses.",
  unavailable: "The shop is briefly unavailable, so your address book was not changed. Please try again in a moment.",
} as const;

export type AddressBookNotice = keyof typeof ADDRESS_BOOK_MESSAGES;

/** Whether a book of `count` addresses takes no more. */
export const addressBookFull = (count: number): boolean => count >= ADDRESS_BOOK_MAX;

/** Whether the notice says a change was made (a status) rather than refused (an alert). */
export const isAddressBookChange = (notice: AddressBookNotice): boolean =>
  notice === "added" || notice === "saved" || notice === "deleted" || notice === "defaultSet";

/** The notice a redirect's code stands for; null for none or an unknown one. */
export function addressBookNoticeOf(code: unknown): AddressBookNotice | null {
  return typeof code === "string" && Object.hasOwn(ADDRESS_BOOK_MESSAGES, code) ? (code as AddressBookNotice) : null;
}
