import Link from "next/link";
import styles from "./site-header.module.css";

/** The site header: brand and way home. Search, account and cart join it with their issues. */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.logo} aria-label="Storefront home">
          <BagMark className={styles.mark} />
          <span>Storefront</span>
        </Link>
      </div>
    </header>
  );
}

function BagMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="5" y="10" width="22" height="19" rx="4" fill="#f59e0b" />
      <path d="M11 13V9a5 5 0 0 1 10 0v4" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
