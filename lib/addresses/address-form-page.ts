/**
 * What the address book's add and edit pages show: the form's starting
 * values (the address edited; for a new one, the account's name and the
 * country when the shop ships to one only, or what a refused plain post
 * typed) and the countries the shop ships to, read for the signed-in
 * account; or why there is no form.
 */
import "server-only";
import { cookies } from "next/headers";
import { log } from "@/lib/log";
import { currentUser } from "@/lib/auth/session";
import { addressFormFlashCookie } from "@/lib/cookies";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";
import { checkoutCountries } from "@/lib/orders/shipping-quote";
import {
  ADDRESS_FORM_FIELD_NAMES,
  EMPTY_ADDRESS_VALUES,
  initialAddressFormState,
  type AddressFormState,
  type AddressFormValues,
} from "./address-form-fields";
import { flashedAddressForm } from "./address-form-flash";

export type AddressFormPage =
  | { kind: "form"; initial: AddressFormState; countries: (readonly [string, string])[] }
  | { kind: "signed-out" }
  | { kind: "not-found" }
  | { kind: "unavailable" };

/**
 * The form for the address `id` of the signed-in account's book, or for a
 * new one (`id` null); after a refused plain post, as it was refused.
 */
export async function addressFormPage(id: string | null): Promise<AddressFormPage> {
  const refused = flashedAddressForm((await cookies()).get(addressFormFlashCookie().name)?.value, id);
  try {
    const user = await currentUser();
    if (!user) return { kind: "signed-out" };
    const store = await getStore();
    const [{ zones }, addresses] = await Promise.all([store.getShippingZones(), id === null ? [] : store.listAddresses(user.uid)]);
    const countries = checkoutCountries(zones);
    if (refused && (id === null || addresses.some((entry) => entry.id === id))) return { kind: "form", countries, initial: refused };
    if (id === null) {
      const country = countries.length === 1 ? countries[0][0] : "";
      return { kind: "form", countries, initial: initialAddressFormState({ ...EMPTY_ADDRESS_VALUES, name: user.name, country }, false) };
    }
    const edited = addresses.find((entry) => entry.id === id);
    if (!edited) return { kind: "not-found" };
    const values = Object.fromEntries(ADDRESS_FORM_FIELD_NAMES.map((name) => [name, edited[name]])) as AddressFormValues;
    return { kind: "form", countries, initial: initialAddressFormState(values, edited.isDefault) };
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn(
      "account.address_form_unavailable",
      "An address form could not be shown: the session or the store did not answer",
      undefined,
      error,
    );
    return { kind: "unavailable" };
  }
}
