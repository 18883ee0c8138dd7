/**
 * The pages only one person may see (the admin's, under /admin-entry; a
 * shopper's checkout, orders and account, under /checkout-page,
 * /orders-page and /account, its address book's pages included)
 * are never stored by a cache: every answer under them, the
 * document and the router's RSC requests alike, says `Cache-Control:
 * private, no-store`. Next would otherwise serve a page's prerendered shell
 * with `s-maxage=31536000`, which a shared cache (a CDN, a proxy) may keep,
 * and let the browser keep the admin's pages after sign-out. next.config.ts
 * headers() applies these rules; Next keeps a Cache-Control already set on
 * the response. Pure and free of "@/" imports, as next.config.ts needs.
 */
import type { Header } from "./headers";

const PRIVATE_CACHE_CONTROL = "private, no-store";

/** The paths, as next.config.ts `source` patterns. */
const PRIVATE_PAGE_SOURCES = [
  "/admin-entry",
  "/admin-entry/:path*",
  "/checkout-page",
  "/checkout-page/:path*",
  "/orders-page",
  "/orders-page/:path*",
  "/account",
  "/account/:path*",
] as const;

export function privatePageHeaders(): Array<{ source: string; headers: Header[] }> {
  return PRIVATE_PAGE_SOURCES.map((source) => ({ source, headers: [{ key: "Cache-Control", value: PRIVATE_CACHE_CONTROL }] }));
}
