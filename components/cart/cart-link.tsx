import Link from "next/link";
import styles from "@/components/layout/site-header.module.css";

/** The header's cart link. */
export function CartLink() {
  return (
    <Link href="/cart-page" className={styles.cart} aria-label="Cart">
      <CartIcon className={styles.cartIcon} />
      <span aria-hidden="true">Cart</span>
    </Link>
  );
}

function CartIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M3 5h4l3.2 15.2a2 2 0 0 0 2 1.6h11.6a2 2 0 0 0 2-1.5L28 10H8.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="13" cy="27" r="2" fill="currentColor" />
      <circle cx="24" cy="27" r="2" fill="currentColor" />
    </svg>
  );
}
