"use client";

// A client component though it holds no state: a server component's markup
// goes out twice, as HTML and again in every page's RSC payload, while a
// client component's goes out once, its code cached by the browser across
// pages: about 2 kB less on every page.
import { AccountMenu } from "@/components/auth/account-menu";
import { CartLink } from "@/components/cart/cart-link";
import { SiteLink } from "@/components/links/site-link";
import { useSearchSubmit } from "@/components/search/use-search-submit";
import { BagMark } from "./bag-mark";
import { CategoryRow, HeaderLabels, HeaderMenu } from "./header-menu";
import styles from "./site-header.module.css";

/**
 * The header on every page. Its markup is the same for every visitor, so it
 * never makes a cached page dynamic; the signed-in name and the live cart
 * count arrive as client islands with the accounts and cart issues. The
 * spec's labels and the header's menu are header-menu.tsx's.
 */
export function SiteHeader() {
  const search = useSearchSubmit();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <SiteLink href="/" className={styles.logo} aria-label="Storefront home">
          <BagMark className={styles.mark} />
          <span className={styles.logoWord}>Storefront</span>
        </SiteLink>

        <form
          action="/search"
          method="get"
          role="search"
          aria-label="Site"
          aria-busy={search.searching}
          className={styles.search}
          onSubmit={search.onSubmit}
        >
          <label htmlFor="site-search" className="visually-hidden">
            Search products
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            placeholder="Search products"
            autoComplete="off"
            maxLength={100}
            className={styles.searchInput}
          />
          <button type="submit" className={styles.searchButton} aria-label="Search">
            <SearchIcon />
          </button>
        </form>

        <nav aria-label="Account and cart" className={styles.actions}>
          <AccountMenu />
          <HeaderLabels />
          <HeaderMenu />
          <CartLink />
        </nav>
      </div>
      <CategoryRow />
    </header>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
