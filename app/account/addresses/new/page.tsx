import { addressBookPaths } from "@/lib/addresses/address-book-paths";
import { pageMetadata } from "@/lib/seo";
import { AddressFormContents } from "@/components/account/address-form-contents";
import styles from "../../page.module.css";

// One shopper's addresses: never indexed, never cached (next.config.ts headers: private, no-store).
export const metadata = pageMetadata({
  title: "Add an address",
  description: "Save an address to your address book.",
  path: addressBookPaths.add,
  noindex: true,
});

/** The page answers with the form in the HTML: it posts and comes back rendered before and without JavaScript. */
export const instant = false;

/** A new address for the signed-in account's book (lib/addresses). */
export default function NewAddressPage() {
  return (
    <div className="page">
      <h1 className={styles.heading}>Add an address</h1>
      <AddressFormContents />
    </div>
  );
}
