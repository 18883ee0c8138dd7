/**
 * The live protocol between the server and every open tab, in one place: the
 * endpoints, the Server-Sent Events the stream sends and their data, the cart
 * snapshot (sent by the stream, GET /api/cart and each cart action's result),
 * and the names the browser uses to pass "the session changed" between its
 * own parts and tabs.
 *
 * The server (lib/live/stream.ts, lib/live/sse.ts, the routes) and the
 * browser (components/live/live-updates.tsx, the cart state) both use it, so
 * nothing here may be server-only or browser-only: it imports only the
 * cart's line type (lib/cart/cart-entry.ts, pure).
 */
import type { CartEntry } from "@/lib/cart/cart-entry";

/** The live stream (Server-Sent Events): app/api/events/route.ts. */
export const LIVE_EVENTS_PATH = "/api/events";
/** The current visitor's cart as a snapshot, read-only: app/api/cart/route.ts. */
export const CART_SNAPSHOT_PATH = "/api/cart";

/**
 * A visitor's whole cart. `hasOwner` is false for a guest with no cart on the
 * server yet (no cookie, a made-up one): the stream then follows no cart, and
 * the browser reopens it after the add that creates one.
 */
export interface CartSnapshot {
  items: CartEntry[];
  hasOwner: boolean;
}

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

/**
 * Reads a cart snapshot from JSON text (a `cart` event's data, the body of
 * GET /api/cart); null when it does not have the snapshot's shape, so a
 * malformed one is dropped instead of breaking the cart.
 */
export function parseCartSnapshot(text: string): CartSnapshot | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const snapshot = value as Partial<CartSnapshot> | null;
  if (typeof snapshot !== "object" || snapshot === null) return null;
  if (!Array.isArray(snapshot.items) || typeof snapshot.hasOwner !== "boolean") return null;
  return { items: snapshot.items, hasOwner: snapshot.hasOwner };
}

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
