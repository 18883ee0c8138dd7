/**
 * The address book's form (the account's add and edit pages): its fields,
 * named and labelled as the checkout's (lib/orders/checkout-fields.ts), so a
 * browser fills both alike and a saved address goes into the checkout's
 * fields as it is; and what an answer to a post carries back. Pure and
 * zod-free: the client form imports it.
 */
import { CHECKOUT_FIELDS, type CheckoutField } from "@/lib/orders/checkout-fields";

/** The fields in the order the form shows them: who receives it, then where. */
export const ADDRESS_FORM_FIELD_NAMES = [
  "name",
  "phone",
  "country",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
] as const satisfies readonly CheckoutField[];
export type AddressFormField = (typeof ADDRESS_FORM_FIELD_NAMES)[number];

/** Each field's label, autocomplete token, type and length: the checkout's. */
export const addressFormField = (name: AddressFormField) => CHECKOUT_FIELDS[name];

/** The hidden field naming the address an edit saves (absent when adding). */
export const ADDRESS_ID_FIELD = "addressId";
/** The checkbox that makes the address the default ("on" when ticked). */
export const MAKE_DEFAULT_FIELD = "makeDefault";

export type AddressFormValues = Record<AddressFormField, string>;

export const EMPTY_ADDRESS_VALUES = Object.fromEntries(ADDRESS_FORM_FIELD_NAMES.map((name) => [name, ""])) as AddressFormValues;

/** The form as shown: the values (typed, or the address edited), each field's error, and a problem for the whole form. */
export interface AddressFormState {
  /** 0 before any post; one more with each answer (the fields mount afresh from `values`). */
  attempt: number;
  values: AddressFormValues;
  makeDefault: boolean;
  errors: Partial<Record<AddressFormField, string>>;
  problem: string | null;
}

export function initialAddressFormState(values: AddressFormValues, makeDefault: boolean): AddressFormState {
  return { attempt: 0, values, makeDefault, errors: {}, problem: null };
}
