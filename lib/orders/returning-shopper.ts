/**
 * What the checkout fills in for a signed-in shopper: their email, and the
 * recipient and address of the saved address they chose on the page
 * (`?address=`), else of their default saved address, else of their newest
 * order (with the account's name where no address names one); and their
 * saved addresses to choose from. A failure to read the book or the orders
 * is logged and leaves those fields to be typed.
 */
import "server-only";
import { log } from "@/lib/log";
import type { SessionUser } from "@/lib/auth/session";
import type { SavedAddress } from "@/lib/data/contract/address-book";
import type { CheckoutValues } from "./checkout-fields";
import type { OrderingStore } from "./ordering-store";

/** A saved address as the checkout offers it: its id and one line of words. */
export interface SavedAddressChoice {
  id: string;
  label: string;
}

export interface ReturningShopper {
  values: Partial<CheckoutValues>;
  /** The saved addresses, the default first; none when the book is empty or could not be read. */
  choices: SavedAddressChoice[];
  /** The saved address the fields hold, if any. */
  chosenId: string | null;
}

const choiceOf = (entry: SavedAddress): SavedAddressChoice => ({
  id: entry.id,
  label: [entry.name, entry.line1, entry.line2, entry.city, entry.region, entry.postalCode, entry.country].filter(Boolean).join(", "),
});

async function savedAddresses(store: Pick<OrderingStore, "listAddresses">, uid: string): Promise<SavedAddress[]> {
  try {
    return await store.listAddresses(uid);
  } catch (error) {
    log.error("orders.address_book_read_failed", "Could not read a shopper's address book for the checkout", error);
    return [];
  }
}

async function lastOrderValues(store: Pick<OrderingStore, "listShopperOrders">, uid: string): Promise<Partial<CheckoutValues>> {
  try {
    const [last] = await store.listShopperOrders(uid, null, 1);
    if (!last || last.erasedAt !== null) return {};
    const { address, contact } = last;
    return { phone: contact.phone, ...address };
  } catch (error) {
    log.error("orders.last_order_read_failed", "Could not read a shopper's last order for the checkout's address", error);
    return {};
  }
}

export async function returningShopper(
  store: Pick<OrderingStore, "listShopperOrders" | "listAddresses">,
  user: Pick<SessionUser, "uid" | "name" | "email">,
  chosenId: string | null,
): Promise<ReturningShopper> {
  const book = await savedAddresses(store, user.uid);
  const chosen = book.find((entry) => entry.id === chosenId) ?? book[0];
  const account = { name: user.name, email: user.email };
  if (!chosen) return { values: { ...account, ...(await lastOrderValues(store, user.uid)) }, choices: [], chosenId: null };
  const { name, phone, country, line1, line2, city, region, postalCode } = chosen;
  return {
    values: { email: user.email, name, phone, country, line1, line2, city, region, postalCode },
    choices: book.map(choiceOf),
    chosenId: chosen.id,
  };
}
