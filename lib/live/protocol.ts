/**
 * The live protocol between the server and every open tab, in one place: the
 * stream's endpoint, the Server-Sent Events it sends and their data (a `cart`
 * event carries the cart's own snapshot, lib/cart/cart-snapshot.ts), and the
 * names the browser uses to pass "the session changed" between its own parts
 * and tabs.
 *
 * The server (lib/live/stream.ts, lib/live/sse.ts, the routes) and the
 * browser (components/live/live-updates.tsx, the sign-in code) both use it,
 * so nothing here may be server-only or browser-only: it imports only the
 * cart snapshot's type (pure).
 */
import type { CartSnapshot } from "@/lib/cart/cart-snapshot";

/** The live stream (Server-Sent Events): app/api/events/route.ts. */
export const LIVE_EVENTS_PATH = "/api/events";

/**
 * The stream's events and their data:
 * - `ready` once the stream is open, with the catalogue's current version
 *   (compare it with CATALOG_VERSION_ATTRIBUTE on the page: a change the tab
 *   missed while its stream was closed);
 * - `catalog` the catalogue changed, with its version now: refresh what you
 *   show until it carries that version;
 * - `cart` this visitor's whole cart, on connect and after every change.
 */
export interface LiveEventData {
  ready: { catalogVersion: string };
  catalog: { catalogVersion?: string };
  cart: CartSnapshot;
}

export type LiveEventName = keyof LiveEventData;

export const LIVE_EVENT = {
  ready: "ready",
  catalog: "catalog",
  cart: "cart",
} as const satisfies { [Name in LiveEventName]: Name };

/** The attribute of the element a catalogue page carries its catalogue version in (getCatalogVersion, lib/catalog/read.ts). */
export const CATALOG_VERSION_ATTRIBUTE = "data-catalog-version";

/** Reads the catalogue version of a `ready` or `catalog` event's data; null when malformed or absent. */
export function parseCatalogVersion(text: string): LiveEventData["ready"] | null {
  try {
    const value: unknown = JSON.parse(text);
    const version = (value as { catalogVersion?: unknown } | null)?.catalogVersion;
    return typeof version === "string" ? { catalogVersion: version } : null;
  } catch {
    return null;
  }
}

/** Dispatched on `window` after every sign-in or sign-out (the header and the cart reload on it). */
export const SESSION_CHANGED_EVENT = "storefront:session-changed";
/** BroadcastChannel on which a tab tells the browser's other tabs that the cart's owner changed. */
export const CART_OWNER_CHANNEL = "storefront:cart-owner";
