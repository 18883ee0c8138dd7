import Link from "next/link";
import styles from "@/components/layout/site-header.module.css";

/** The header's account area: Sign In for guests. */
export function AccountMenu() {
  return (
    <Link href="/sign-page" className={styles.signIn}>
      Sign In
    </Link>
  );
}
