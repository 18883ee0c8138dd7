import { ACCOUNT_PATH } from "@/lib/site-links";
import { pageMetadata } from "@/lib/seo";
import { AddressFormContents } from "@/components/account/address-form-contents";
import styles from "../../page.module.css";

// One shopper's addresses: never indexed, never cached (next.config.ts headers: private, no-store).
export const metadata = pageMetadata({
  title: "Edit an address",
  description: "Change an address in your address book.",
  path: ACCOUNT_PATH,
  noindex: true,
});

/** The page answers with the form in the HTML: it posts and comes back rendered before and without JavaScript. */
export const instant = false;

/**
 * One id no address can have ("~" is outside the id alphabet): Next
 * prerenders the page's shell with it; every real address renders on
 * request, after connection(), never at build.
 */
export function generateStaticParams(): Array<{ id: string }> {
  return [{ id: "~shell" }];
}

/** One address of the signed-in account's book, edited (lib/addresses); another account's, or none, is not found. */
export default function EditAddressPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <div className="page">
      <h1 className={styles.heading}>Edit an address</h1>
      <AddressFormContents params={params} />
    </div>
  );
}
