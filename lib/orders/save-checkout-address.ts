/**
 * A signed-in shopper's "save this address to my address book" at checkout:
 * once the order is placed, its recipient and address join the account's
 * book (an address the book holds already is not added twice; the first is
 * the default). The order stands whatever the book answers: a full book, an
 * outage or a refusal leaves the book as it was, and is logged.
 */
import "server-only";
import { log } from "@/lib/log";
import type { AddressBookStore } from "@/lib/data/contract/address-book";
import { isStoreError } from "@/lib/data/contract/errors";
import type { OrderContact, ShippingAddress } from "@/lib/data/contract/orders";

export async function saveCheckoutAddress(
  store: Pick<AddressBookStore, "addAddress">,
  uid: string,
  contact: OrderContact,
  address: ShippingAddress,
): Promise<void> {
  try {
    await store.addAddress(uid, { name: contact.name, phone: contact.phone, ...address }, { makeDefault: false });
  } catch (error) {
    if (isStoreError(error, "limit_exceeded")) {
      log.info("orders.checkout_address_not_saved", "An address was not saved from the checkout: the address book is full");
      return;
    }
    if (isStoreError(error, "unavailable")) {
      log.warn(
        "orders.checkout_address_not_saved",
        "An address was not saved from the checkout: the store did not answer",
        undefined,
        error,
      );
      return;
    }
    if (isStoreError(error, "invalid_input")) {
      // The checkout's parse passed it, so the book refusing it means the two sets of rules differ: said, not hidden.
      log.error("orders.checkout_address_refused", "The address book refused an address the checkout accepted", error);
      return;
    }
    throw error;
  }
}
