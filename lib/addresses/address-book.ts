/**
 * A signed-in shopper's changes to their address book (the account's
 * pages): add or edit one address from its form, delete one, make one the
 * default. Each reads the session, parses what was posted with the store's
 * own schema (lib/data/contract/address-book.ts) and makes one store call;
 * a bad field is its own error beside the field and nothing is written; an
 * outage is "try again", logged. Dependencies are injected so the rules are
 * tested without Next (tests/address-book-changes.test.ts).
 */
import "server-only";
import { log } from "@/lib/log";
import { savedAddressInputSchema, type AddressBookStore, type SavedAddressInput } from "@/lib/data/contract/address-book";
import { isStoreError } from "@/lib/data/contract/errors";
import { ADDRESS_BOOK_MESSAGES, type AddressBookNotice } from "./address-book-notices";
import {
  ADDRESS_FORM_FIELD_NAMES,
  ADDRESS_ID_FIELD,
  MAKE_DEFAULT_FIELD,
  type AddressFormField,
  type AddressFormState,
  type AddressFormValues,
} from "./address-form-fields";

/** What a change reads and writes; tests pass their own. */
export interface AddressBookChange {
  /** The signed-in account; null when signed out. Throws StoreError("unavailable") when the session cannot be checked. */
  user(): Promise<{ uid: string } | null>;
  store(): Promise<Pick<AddressBookStore, "addAddress" | "updateAddress" | "deleteAddress" | "setDefaultAddress">>;
}

/** A posted field as a trimmed string ("" when absent or not text); capped so a huge post is never echoed back whole. */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, 1000) : "";
}

/** The form's values as typed, and the address they make or each field's first error. */
function parseAddressForm(form: FormData): {
  values: AddressFormValues;
  makeDefault: boolean;
  address: SavedAddressInput | null;
  errors: Partial<Record<AddressFormField, string>>;
} {
  const values = Object.fromEntries(ADDRESS_FORM_FIELD_NAMES.map((name) => [name, textOf(form, name)])) as AddressFormValues;
  values.country = values.country.toUpperCase();
  const makeDefault = form.get(MAKE_DEFAULT_FIELD) === "on";
  const parsed = savedAddressInputSchema.safeParse(values);
  if (parsed.success) return { values, makeDefault, address: parsed.data, errors: {} };
  const errors: Partial<Record<AddressFormField, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as AddressFormField] ??= issue.message;
  return { values, makeDefault, address: null, errors };
}

/** The store's refusals and outages as notices; anything else is a bug, thrown. */
function noticeOfFailure(error: unknown, what: string): AddressBookNotice {
  // The address was parsed before the call: an id the door refuses (a hidden field tampered with) names no address either.
  if (isStoreError(error, "not_found") || isStoreError(error, "invalid_input")) return "notFound";
  if (isStoreError(error, "limit_exceeded")) return "full";
  if (isStoreError(error, "unavailable")) {
    log.warn(
      "account.address_book_unavailable",
      `An address book change (${what}) was not made: the session or the store did not answer`,
      undefined,
      error,
    );
    return "unavailable";
  }
  throw error;
}

/** Runs one change for the signed-in account: its notice. */
async function changeBook(
  change: AddressBookChange,
  what: string,
  body: (store: Awaited<ReturnType<AddressBookChange["store"]>>, uid: string) => Promise<AddressBookNotice>,
): Promise<AddressBookNotice> {
  try {
    const user = await change.user();
    if (!user) return "signedOut";
    return await body(await change.store(), user.uid);
  } catch (error) {
    return noticeOfFailure(error, what);
  }
}

/**
 * Adds the posted address, or saves the edit of the one its hidden id names:
 * `done` with the account page's notice, or the form again (values kept) with
 * each field's error or the problem in words.
 */
export async function saveAddressFromForm(
  form: FormData,
  previous: AddressFormState,
  change: AddressBookChange,
): Promise<{ done: AddressBookNotice } | { state: AddressFormState }> {
  const { values, makeDefault, address, errors } = parseAddressForm(form);
  const again = (problem: string | null, fieldErrors = errors): { state: AddressFormState } => ({
    state: { attempt: previous.attempt + 1, values, makeDefault, errors: fieldErrors, problem },
  });
  if (!address) return again(null);
  const id = textOf(form, ADDRESS_ID_FIELD);
  const notice = await changeBook(change, id ? "edit" : "add", async (store, uid) => {
    if (id) await store.updateAddress(uid, id, address, { makeDefault });
    else await store.addAddress(uid, address, { makeDefault });
    return id ? "saved" : "added";
  });
  // Gone, or the book full: the account page says so; signed out or an outage: the form stays, as typed.
  if (notice === "signedOut" || notice === "unavailable") return again(ADDRESS_BOOK_MESSAGES[notice], {});
  return { done: notice };
}

/** Deletes the address the form names. */
export function deleteAddressFromForm(form: FormData, change: AddressBookChange): Promise<AddressBookNotice> {
  const id = textOf(form, ADDRESS_ID_FIELD);
  return changeBook(change, "delete", async (store, uid) => {
    if (!id) return "notFound";
    await store.deleteAddress(uid, id);
    return "deleted";
  });
}

/** Makes the address the form names the default. */
export function makeDefaultFromForm(form: FormData, change: AddressBookChange): Promise<AddressBookNotice> {
  const id = textOf(form, ADDRESS_ID_FIELD);
  return changeBook(change, "default", async (store, uid) => {
    if (!id) return "notFound";
    await store.setDefaultAddress(uid, id);
    return "defaultSet";
  });
}
