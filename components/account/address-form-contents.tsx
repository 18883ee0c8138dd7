import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import formStyles from "@/components/auth/forms.module.css";
import { AddressForm } from "@/components/account/address-form";
import { addressBookPaths } from "@/lib/addresses/address-book-paths";
import { addressFormPage } from "@/lib/addresses/address-form-page";
import { CART_MESSAGES } from "@/lib/cart/results";
import styles from "./address-book.module.css";

interface AddressFormContentsProps {
  /** The edit page's params (the address edited); none on the add page. */
  params?: Promise<{ id: string }>;
}

/** The add and edit pages' body, per request: the form for the signed-in account, or why there is none. */
export async function AddressFormContents({ params }: AddressFormContentsProps) {
  await connection();
  const id = params ? (await params).id : null;
  // The page's own path: where the form posts before its script runs, and where signing in leads back.
  const path = id === null ? addressBookPaths.add : addressBookPaths.edit(id);
  const page = await addressFormPage(id);
  switch (page.kind) {
    case "unavailable":
      return (
        <p className="status-text" role="alert">
          {CART_MESSAGES.unavailable}
        </p>
      );
    case "signed-out":
      return (
        <p>
          <Link href={`/sign-page?callbackUrl=${encodeURIComponent(path)}`}>Sign in</Link> to change your saved addresses.
        </p>
      );
    case "not-found":
      notFound();
    case "form":
      return (
        <div className={`${formStyles.card} ${styles.formCard}`}>
          <AddressForm addressId={id} initial={page.initial} countries={page.countries} permalink={path} />
        </div>
      );
  }
}
