/**
 * The address book's rules, the same for every adapter: each adapter reads
 * an account's book, applies one of these in a transaction, and writes the
 * book back. A book is its addresses in the order they were saved and the id
 * of its default: exactly one default whenever it holds any.
 */
import { ADDRESS_BOOK_MAX, savedAddressInputSchema, type SavedAddress, type SavedAddressInput } from "../contract/address-book";
import { StoreError } from "../contract/errors";

/** An address as stored: no default flag (the book's `defaultId` says it once). */
export type StoredAddress = Omit<SavedAddress, "isDefault">;

export interface AddressBook {
  entries: StoredAddress[];
  defaultId: string | null;
}

export const EMPTY_ADDRESS_BOOK: AddressBook = { entries: [], defaultId: null };

/** The book as the store lists it: the default first, then the newest first. */
export function listedAddresses(book: AddressBook): SavedAddress[] {
  const newestFirst = book.entries.map((entry) => ({ ...entry, isDefault: entry.id === book.defaultId })).reverse();
  return [...newestFirst.filter((entry) => entry.isDefault), ...newestFirst.filter((entry) => !entry.isDefault)];
}

function listedOne(book: AddressBook, id: string): SavedAddress {
  return listedAddresses(book).find((entry) => entry.id === id)!;
}

function indexOf(book: AddressBook, id: string): number {
  const index = book.entries.findIndex((entry) => entry.id === id);
  if (index < 0) throw new StoreError("not_found", "That address is not in the address book", { id: "No such address" });
  return index;
}

/** The fields an address is compared on: the schema's. */
const ADDRESS_FIELDS = Object.keys(savedAddressInputSchema.shape) as (keyof SavedAddressInput)[];

/** Whether two addresses say the same, field for field (their ids and ages apart). */
function sameAddress(a: SavedAddressInput, b: SavedAddressInput): boolean {
  return ADDRESS_FIELDS.every((field) => a[field] === b[field]);
}

/**
 * Adds `entry`; an address the book already holds, field for field, is not
 * added twice (a form sent twice, a checkout saving a saved address): that one
 * is answered, made the default when asked.
 */
export function withAdded(book: AddressBook, entry: StoredAddress, makeDefault: boolean): { book: AddressBook; result: SavedAddress } {
  const held = book.entries.find((existing) => sameAddress(existing, entry));
  if (held) {
    const next = makeDefault ? { ...book, defaultId: held.id } : book;
    return { book: next, result: listedOne(next, held.id) };
  }
  if (book.entries.length >= ADDRESS_BOOK_MAX)
    throw new StoreError("limit_exceeded", `An address book holds at most ${ADDRESS_BOOK_MAX} addresses`);
  const next = { entries: [...book.entries, entry], defaultId: makeDefault || book.defaultId === null ? entry.id : book.defaultId };
  return { book: next, result: listedOne(next, entry.id) };
}

export function withUpdated(
  book: AddressBook,
  id: string,
  input: SavedAddressInput,
  makeDefault: boolean,
): { book: AddressBook; result: SavedAddress } {
  const index = indexOf(book, id);
  const entries = book.entries.with(index, { ...input, id, createdAt: book.entries[index].createdAt });
  const next = { entries, defaultId: makeDefault ? id : book.defaultId };
  return { book: next, result: listedOne(next, id) };
}

export function withDeleted(book: AddressBook, id: string): AddressBook {
  const index = indexOf(book, id);
  const entries = book.entries.toSpliced(index, 1);
  const defaultId = book.defaultId === id ? (entries.at(-1)?.id ?? null) : book.defaultId;
  return { entries, defaultId };
}

export function withDefault(book: AddressBook, id: string): AddressBook {
  indexOf(book, id);
  return { ...book, defaultId: id };
}
