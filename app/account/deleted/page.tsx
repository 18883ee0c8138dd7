import Link from "next/link";
import { ACCOUNT_DELETED_PATH, DELETE_ACCOUNT_MESSAGES } from "@/lib/account/delete-account-state";
import { pageMetadata } from "@/lib/seo";
import styles from "../page.module.css";

export const metadata = pageMetadata({
  title: "Account deleted",
  description: "Your account is deleted.",
  path: ACCOUNT_DELETED_PATH,
  noindex: true,
});

/** Where a browser lands once its account is deleted (components/account/delete-account-form.tsx): the same words for everyone. */
export default function AccountDeletedPage() {
  return (
    <div className="page">
      <h1 className={styles.heading}>Account deleted</h1>
      <p role="status">{DELETE_ACCOUNT_MESSAGES.deleted}</p>
      <p>
        <Link href="/">Back to the shop</Link>
      </p>
    </div>
  );
}
