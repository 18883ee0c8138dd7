/**
 * Accounts' address books on SQLite: one row per account holding its book
 * (../rules/address-book.ts) as JSON, read and rewritten in one IMMEDIATE
 * transaction, so two instances' edits of one book queue and neither is
 * lost. Arguments arrive parsed (validating-store.ts).
 */
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
import type { SqliteContext } from "./context";

export function sqliteAddressBook({ db, run }: SqliteContext): AddressBookStore {
  const sql = {
    book: db.prepare<[string], { book: string }>("SELECT book FROM address_books WHERE uid = ?"),
    save: db.prepare(`INSERT INTO address_books (uid, book) VALUES (?, ?) ON CONFLICT (uid) DO UPDATE SET book = excluded.book`),
    drop: db.prepare("DELETE FROM address_books WHERE uid = ?"),
  };
  const read = (uid: string): AddressBook => {
    const row = sql.book.get(uid);
    return row ? (JSON.parse(row.book) as AddressBook) : EMPTY_ADDRESS_BOOK;
  };
  const write = (uid: string, book: AddressBook) => {
    if (book.entries.length === 0) sql.drop.run(uid);
    else sql.save.run(uid, JSON.stringify(book));
  };
  /** Reads the book, applies `change`, writes what it returns: one transaction. */
  const edit = <T>(uid: string, change: (book: AddressBook) => { book: AddressBook; result: T }) =>
    run(() =>
      db
        .transaction(() => {
          const { book, result } = change(read(uid));
          write(uid, book);
          return result;
        })
        .immediate(),
    );

  return {
    listAddresses: (uid) => run(() => listedAddresses(read(uid))),
    addAddress: (uid, input, { makeDefault }) =>
      edit(uid, (book) => withAdded(book, { ...input, id: newId(), createdAt: Date.now() }, makeDefault)),
    updateAddress: (uid, id, input, { makeDefault }) => edit(uid, (book) => withUpdated(book, id, input, makeDefault)),
    deleteAddress: (uid, id) => edit(uid, (book) => ({ book: withDeleted(book, id), result: undefined })),
    setDefaultAddress: (uid, id) => edit(uid, (book) => ({ book: withDefault(book, id), result: undefined })),
    deleteAddressBook: (uid) =>
      run(() => {
        sql.drop.run(uid);
      }),
  };
}
