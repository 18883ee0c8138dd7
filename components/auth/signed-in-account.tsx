import Link from "next/link";
import { ACCOUNT_PATH } from "@/lib/site-links";
import styles from "./account-menu.module.css";

/**
 * The header's account area for a signed-in shopper, in two forms of which
 * CSS shows one: on wide screens the name, a link to the account page, with
 * Sign Out beside it; on phones a menu (a native disclosure: no script,
 * keyboard accessible) whose button takes the room of an icon and whose
 * panel holds the full name, the account page's link and Sign Out. The
 * account page is made for its visitor: never prefetched (lib/site-links.ts).
 * A long name never pushes the cart link or the search box off the screen.
 * The hidden form is display: none, so only one Sign Out is ever in the
 * accessibility tree.
 */
export function SignedInAccount({ name, signingOut, onSignOut }: { name: string; signingOut: boolean; onSignOut: () => void }) {
  return (
    <>
      <span className={`${styles.account} ${styles.wide}`}>
        <Link href={ACCOUNT_PATH} prefetch={false} className={styles.name} title={name} data-testid="account-name">
          <small>Hello,</small>
          <span className={styles.nameText}>{name}</span>
          <span className="visually-hidden">: your account</span>
        </Link>
        <button type="button" className={styles.signOut} onClick={onSignOut} disabled={signingOut}>
          Sign Out
        </button>
      </span>
      <details className={styles.menu} data-testid="account-menu">
        <summary className={styles.menuButton}>
          <PersonIcon />
          <span className="visually-hidden">Account</span>
        </summary>
        <div className={styles.panel}>
          <p className={styles.panelName}>
            <small>Hello,</small>
            <span>{name}</span>
          </p>
          <Link href={ACCOUNT_PATH} prefetch={false} className={styles.panelLink}>
            Your account
          </Link>
          <button type="button" className={styles.panelSignOut} onClick={onSignOut} disabled={signingOut}>
            Sign Out
          </button>
        </div>
      </details>
    </>
  );
}

function PersonIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
