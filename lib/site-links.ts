/**
 * The links every page's header and footer carry, each said once: the React
 * pages (components/layout/) and the pages made without React
 * (lib/no-script/document.ts) render these lists. Pure constants: either
 * side may import them.
 */

import { CATEGORIES } from "@/lib/catalog/categories";

/** A product's details page (app/details-page/[id]): its canonical path. */
export function productPath(id: string): string {
  return `/details-page/${encodeURIComponent(id)}`;
}

/** The admin's page of one product (app/admin-entry/products/[id]): its fields, images and stock. */
export function adminProductPath(id: string): string {
  return `/admin-entry/products/${encodeURIComponent(id)}`;
}

/** A shopper's orders (app/orders-page): the account's list, and each order's page beneath it (lib/orders/paths.ts). */
export const ORDERS_PATH = "/orders-page";

/** A signed-in shopper's account: their name, email address and password (app/account). */
export const ACCOUNT_PATH = "/account";
/** The account's "Download my data": a JSON file (app/account/data/route.ts). */
export const ACCOUNT_DATA_PATH = `${ACCOUNT_PATH}/data`;

/** Where the shop ships and at what rates, read from the operator's zones (app/shipping/page.tsx). */
export const SHIPPING_PATH = "/shipping";

/**
 * When the router fetches a header or footer link's page ahead of the click
 * (components/links/site-link.tsx).
 * - "on-intent", when unsaid: once a pointer, touch or focus shows intent
 *   (components/links/intent-link.tsx), 100-300 ms before the click. These
 *   links stand on every page, and a visitor follows one on few of them:
 *   fetched on sight, they made each page view 17 more requests, and each
 *   view cost the shop's server 1.7 times what it does now and the browser
 *   a fifth more CPU (docs/BENCHMARKS.md §18). The sign-in pages also carry
 *   the Firebase Auth client (about 42 kB gzip). Links in a page's content (product cards, a
 *   listing's pages) keep Next's prefetch on sight: the likeliest next click.
 * - "never": a page made for its visitor and never cached, which a prefetch
 *   could not keep (its styles would be preloaded unused).
 */
export type LinkPrefetch = "never" | "on-intent";

interface SiteLink {
  label: string;
  href: string;
  prefetch?: LinkPrefetch;
}

/**
 * One entry of the header's menu: a link, or (without `href`) a label that
 * links nowhere (the spec's "Fit Prime").
 */
interface HeaderMenuEntry {
  label: string;
  href?: string;
  prefetch?: LinkPrefetch;
  /**
   * Over 760 px it stands in the header itself, its first word small above
   * the rest (the spec's labels); otherwise it is in the header's Menu at
   * every width. At 760 px and below every entry is in the Menu.
   */
  standsInHeader?: true;
}

/** The header's menu, in order: adding a link to it is one entry here. */
export const HEADER_MENU: readonly HeaderMenuEntry[] = [
  { label: "Return & Order", href: ORDERS_PATH, prefetch: "never", standsInHeader: true },
  { label: "Fit Prime", standsInHeader: true },
];

/** The category pages (lib/catalog/categories.ts): the header's row at every width, and the footer. */
export const CATEGORY_LINKS: readonly SiteLink[] = CATEGORIES.map(({ title, path }) => ({ label: title, href: path }));

/** The footer's link lists, each under its heading. */
export const FOOTER_LINKS: ReadonlyArray<{ heading: string; links: readonly SiteLink[] }> = [
  {
    heading: "Shop",
    links: [
      { label: "All products", href: "/" },
      ...CATEGORY_LINKS,
      { label: "Search the catalogue", href: "/search" },
      { label: "Shipping", href: SHIPPING_PATH },
    ],
  },
  {
    heading: "Your account",
    links: [
      { label: "Sign in or register", href: "/sign-page" },
      { label: "Your cart", href: "/cart-page" },
      { label: "Returns & orders", href: ORDERS_PATH, prefetch: "never" },
    ],
  },
  {
    heading: "For sellers",
    links: [{ label: "Admin sign-in", href: "/admin-signin" }],
  },
];

/** "Your account" -> "footer-your-account": an id has no spaces, or aria-labelledby points at nothing. */
export const footerHeadingId = (heading: string) => `footer-${heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** "Return & Order" -> ["Return", "& Order"]: a label standing in the header shows its first word small. */
export function splitLabel(label: string): [string, string] {
  const space = label.indexOf(" ");
  return space < 0 ? ["", label] : [label.slice(0, space), label.slice(space + 1)];
}
