/**
 * An account's address book: the addresses a signed-in shopper saved (from
 * the account page, or from the checkout on request), one of them the
 * default the checkout starts from. The shape, declared once as its schema,
 * and the store's methods; the rules every adapter applies are
 * ../rules/address-book.ts's.
 */
import { addressFieldsSchema, orderContactSchema, usStateIssue } from "./orders";
import { z } from "./zod";

/** An account keeps at most this many addresses. */
export const ADDRESS_BOOK_MAX = 20;

/**
 * One saved address: who receives it and where, by the order's own field
 * rules, and a postal code, as the checkout asks (so any saved address can
 * be shipped to as it is).
 */
export const savedAddressInputSchema = z
  .strictObject({
    name: orderContactSchema.shape.name,
    phone: orderContactSchema.shape.phone,
    ...addressFieldsSchema.shape,
    postalCode: addressFieldsSchema.shape.postalCode.refine((value) => value !== "", "Enter the postal code."),
  })
  .superRefine((address, ctx) => {
    const issue = usStateIssue(address);
    if (issue) ctx.addIssue({ code: "custom", path: ["region"], message: issue });
  });
export type SavedAddressInput = z.output<typeof savedAddressInputSchema>;

/** A saved address as the book holds it. */
export interface SavedAddress extends SavedAddressInput {
  id: string;
  /** When it was saved (ms since the epoch). */
  createdAt: number;
  /** The one the checkout starts from: the first saved, or the last made the default. */
  isDefault: boolean;
}

export const makeDefaultSchema = z.strictObject({ makeDefault: z.boolean() });

export interface AddressBookStore {
  /** The account's saved addresses: the default first, then the newest first. */
  listAddresses(uid: string): Promise<SavedAddress[]>;
  /**
   * Saves a new address; the first an account saves is its default, and so is
   * one saved with `makeDefault`. An address the book already holds, field
   * for field, is not added again: that one is answered (and made the default
   * when asked). limit_exceeded when the book already holds ADDRESS_BOOK_MAX.
   */
  addAddress(uid: string, input: SavedAddressInput, options: { makeDefault: boolean }): Promise<SavedAddress>;
  /** Replaces one address's fields (its id and age stay); `makeDefault` makes it the default. not_found when the book has no such id. */
  updateAddress(uid: string, id: string, input: SavedAddressInput, options: { makeDefault: boolean }): Promise<SavedAddress>;
  /** Removes one address; when it was the default, the newest left becomes the default. not_found when the book has no such id. */
  deleteAddress(uid: string, id: string): Promise<void>;
  /** Makes one address the default. not_found when the book has no such id. */
  setDefaultAddress(uid: string, id: string): Promise<void>;
  /** Deletes the whole book (the account's deletion); nothing when there is none. */
  deleteAddressBook(uid: string): Promise<void>;
}
