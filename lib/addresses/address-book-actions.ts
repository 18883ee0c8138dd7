"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { addressFormFlashCookie } from "@/lib/cookies";
import { getStore } from "@/lib/data";
import { ACCOUNT_PATH } from "@/lib/site-links";
import { deleteAddressFromForm, makeDefaultFromForm, saveAddressFromForm, type AddressBookChange } from "./address-book";
import { ADDRESS_BOOK_ANCHOR, ADDRESS_NOTICE_PARAM, type AddressBookNotice } from "./address-book-notices";
import { addressBookPaths } from "./address-book-paths";
import { addressFormFlash } from "./address-form-flash";
import { ADDRESS_ID_FIELD, type AddressFormState } from "./address-form-fields";

/**
 * The address book's server actions (the account page's list, its add and
 * edit pages). Every change made leads back to the account page's address
 * book with its notice (post/redirect/get, with or without JavaScript). A
 * form refused comes back as the form's state with JavaScript; a plain post
 * (no Next-Action header) leads back to its form page, which starts from the
 * refusal it finds in a cookie (address-form-flash.ts).
 */

const change: AddressBookChange = { user: currentUser, store: getStore };

const backToBook = (notice: AddressBookNotice): never =>
  redirect(`${ACCOUNT_PATH}?${ADDRESS_NOTICE_PARAM}=${notice}#${ADDRESS_BOOK_ANCHOR}`);

export async function saveAddressAction(previous: AddressFormState, form: FormData): Promise<AddressFormState> {
  const outcome = await saveAddressFromForm(form, previous, change);
  const flash = addressFormFlashCookie();
  const jar = await cookies();
  if ("done" in outcome) {
    jar.delete({ name: flash.name, path: flash.options.path, secure: flash.options.secure });
    return backToBook(outcome.done);
  }
  if ((await headers()).has("next-action")) return outcome.state;
  const posted = form.get(ADDRESS_ID_FIELD);
  const addressId = typeof posted === "string" && posted !== "" ? posted : null;
  jar.set(flash.name, addressFormFlash(addressId, outcome.state), flash.options);
  return redirect(addressId === null ? addressBookPaths.add : addressBookPaths.edit(addressId));
}

export async function deleteAddressAction(form: FormData): Promise<void> {
  backToBook(await deleteAddressFromForm(form, change));
}

export async function makeDefaultAddressAction(form: FormData): Promise<void> {
  backToBook(await makeDefaultFromForm(form, change));
}
