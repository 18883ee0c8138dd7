/**
 * What proxy.ts asks of a request before it gates it: which kind of path it
 * names and how it was sent. Pure reads of the request, no store.
 */
import type { NextRequest } from "next/server";

/** Whether every %-escape of the path decodes (Next's own parameter decoding throws a 500 on one that does not). */
export function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The order id of an /orders-page/<id> path (decoded), or null for any other path. */
export function orderPageId(pathname: string): string | null {
  const match = /^\/orders-page\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The product id of a /details-page/<id> path (decoded), or null for any other path. */
export function detailsPageId(pathname: string): string | null {
  const match = /^\/details-page\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** A form posted as HTML (no JavaScript: a server action's form fields), to a page, not an API route. */
export function isFormPost(request: NextRequest): boolean {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const form = type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
  return form && !request.nextUrl.pathname.startsWith("/api/");
}

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin-entry" || pathname.startsWith("/admin-entry/");
}

/**
 * Whether the request loads a document (or comes from a client that does
 * not say: a monitor, a crawler), as opposed to a page script's fetch
 * (Sec-Fetch-Dest "empty", set by the browser, not by page code): a router
 * prefetch or a client-side navigation. Next strips its own prefetch
 * headers before the proxy runs, so this is how the two are told apart. A
 * fetch shows no status to anyone: prefetches render no session-dependent
 * part, and a client-side navigation gets the page's own "unavailable"
 * message, so neither costs the proxy a store read.
 */
export function isDocumentLoad(request: NextRequest): boolean {
  const destination = request.headers.get("sec-fetch-dest");
  return destination === null || destination === "document";
}
