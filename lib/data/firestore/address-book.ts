/**
 * Accounts' address books on Firestore: addressBooks/{uid}, one document per
 * account that saved any, holding its book (../rules/address-book.ts):
 * `entries` (each address's fields, `id` and `createdAt` in ms) and
 * `defaultId`. Each edit is one transaction (read the book, apply the rule,
 * write it back), so two instances' edits of one book never lose either.
 * At most ADDRESS_BOOK_MAX small entries: a few KB per document. Arguments
 * arrive parsed (validating-store.ts); the uid still passes docId (paths.ts).
 */
import type { DocumentData } from "firebase-admin/firestore";
import type { AddressBookStore } from "../contract/address-book";
import {
  EMPTY_ADDRESS_BOOK,
  listedAddresses,
  withAdded,
  withDefault,
  withDeleted,
  withUpdated,
  type AddressBook,
} from "../rules/address-book";
import { newId } from "../rules/ids";
import type { FirestoreContext } from "./context";
import { COLLECTIONS } from "./mapping";
import { docId } from "./paths";

const bookOf = (data: DocumentData | undefined): AddressBook =>
  data ? { entries: data.entries as AddressBook["entries"], defaultId: (data.defaultId as string | null) ?? null } : EMPTY_ADDRESS_BOOK;

export function firestoreAddressBook({ db, guard }: FirestoreContext): AddressBookStore {
  const bookRef = (uid: string) => db.collection(COLLECTIONS.addressBooks).doc(docId(uid, "user id"));
  /** Reads the book, applies `change`, writes what it returns: one transaction. */
  const edit = <T>(uid: string, change: (book: AddressBook) => { book: AddressBook; result: T }) =>
    guard(() =>
      db.runTransaction(async (transaction) => {
        const ref = bookRef(uid);
        const { book, result } = change(bookOf((await transaction.get(ref)).data()));
        if (book.entries.length === 0) transaction.delete(ref);
        else transaction.set(ref, { entries: book.entries, defaultId: book.defaultId });
        return result;
      }),
    );

  return {
    listAddresses: (uid) => guard(async () => listedAddresses(bookOf((await bookRef(uid).get()).data()))),
    addAddress: (uid, input, { makeDefault }) =>
      edit(uid, (book) => withAdded(book, { ...input, id: newId(), createdAt: Date.now() }, makeDefault)),
    updateAddress: (uid, id, input, { makeDefault }) => edit(uid, (book) => withUpdated(book, id, input, makeDefault)),
    deleteAddress: (uid, id) => edit(uid, (book) => ({ book: withDeleted(book, id), result: undefined })),
    setDefaultAddress: (uid, id) => edit(uid, (book) => ({ book: withDefault(book, id), result: undefined })),
    deleteAddressBook: (uid) =>
      guard(async () => {
        await bookRef(uid).delete();
      }),
  };
}
