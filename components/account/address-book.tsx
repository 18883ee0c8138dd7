import Link from "next/link";
import formStyles from "@/components/auth/forms.module.css";
import { deleteAddressAction, makeDefaultAddressAction } from "@/lib/addresses/address-book-actions";
import { ADDRESS_BOOK_MESSAGES, addressBookFull, isAddressBookChange, type AddressBookNotice } from "@/lib/addresses/address-book-notices";
import { ADDRESS_ID_FIELD } from "@/lib/addresses/address-form-fields";
import { addressBookPaths } from "@/lib/addresses/address-book-paths";
import type { SavedAddress } from "@/lib/data/contract/address-book";
import { addressLines } from "@/lib/orders/address-lines";
import styles from "./address-book.module.css";

interface AddressBookProps {
  /** The account's saved addresses, the default first. */
  addresses: SavedAddress[];
  /** What the last change said (the page's `?address=`), else null. */
  notice: AddressBookNotice | null;
}

/**
 * The account's address book: each saved address in its country's lines,
 * the default marked, with Edit (its own page), Make default and Delete
 * (plain forms posting to server actions, so each works without
 * JavaScript and leads back here with its notice).
 */
export function AddressBook({ addresses, notice }: AddressBookProps) {
  return (
    <>
      {notice ? (
        <p
          className={isAddressBookChange(notice) ? formStyles.success : formStyles.message}
          role={isAddressBookChange(notice) ? "status" : "alert"}
          data-testid="address-book-notice"
        >
          {ADDRESS_BOOK_MESSAGES[notice]}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p>No saved addresses yet. Save one here, or tick “Save this address” at checkout.</p>
      ) : (
        <ul className={styles.list} data-testid="address-book">
          {addresses.map((entry) => (
            <AddressEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {!addressBookFull(addresses.length) ? (
        <p>
          <Link href={addressBookPaths.add}>Add an address</Link>
        </p>
      ) : (
        <p>{ADDRESS_BOOK_MESSAGES.full}</p>
      )}
    </>
  );
}

function AddressEntry({ entry }: { entry: SavedAddress }) {
  const label = `${entry.name}, ${entry.line1}`;
  return (
    <li className={styles.entry} data-testid="saved-address">
      {entry.isDefault ? <span className={styles.default}>Default</span> : null}
      <address>
        {[entry.name, ...addressLines(entry), ...(entry.phone ? [entry.phone] : [])].map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <div className={styles.actions}>
        <Link href={addressBookPaths.edit(entry.id)} aria-label={`Edit ${label}`}>
          Edit
        </Link>
        {entry.isDefault ? null : (
          <form action={makeDefaultAddressAction}>
            <input type="hidden" name={ADDRESS_ID_FIELD} value={entry.id} />
            <button type="submit" className={styles.actionButton} aria-label={`Make ${label} the default`}>
              Make default
            </button>
          </form>
        )}
        <form action={deleteAddressAction}>
          <input type="hidden" name={ADDRESS_ID_FIELD} value={entry.id} />
          <button type="submit" className={styles.actionButton} aria-label={`Delete ${label}`}>
            Delete
          </button>
        </form>
      </div>
    </li>
  );
}
