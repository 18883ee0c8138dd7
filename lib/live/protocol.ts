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

/** A catalogue change as a tab sees it: the version it raised the catalogue to, and the cache tags it touched. */
export interface CatalogChangeNotice {
  version: number;
  tags: string[];
}

/**
 * The stream's events and their data:
 * - `ready` once the stream is open, with the catalogue's current version and,
 *   when the tab sent the oldest version its page shows (SINCE_PARAM), the
 *   changes since then (null: more than the store keeps, so anything); a
 *   change the tab missed while its stream was closed;
 * - `catalog` a catalogue change: its version and tags. A part of the page
 *   (a mark: CATALOG_VERSION_ATTRIBUTE, CATALOG_TAGS_ATTRIBUTE) whose tags
 *   meet a change newer than its version is refreshed until it carries a
 *   version at least as new (lib/live/catalog-catch-up.ts);
 * - `cart` this visitor's whole cart, on connect and after every change.
 */
export interface LiveEventData {
  ready: { catalogVersion: number; changes?: CatalogChangeNotice[] | null };
  catalog: { catalogVersion: number; changes: CatalogChangeNotice[] };
  cart: CartSnapshot;
}

export type LiveEventName = keyof LiveEventData;

export const LIVE_EVENT = {
  ready: "ready",
  catalog: "catalog",
  cart: "cart",
} as const satisfies { [Name in LiveEventName]: Name };

/** The stream's query parameter with the oldest catalogue version the tab's page shows. */
export const SINCE_PARAM = "since";

/** The attribute of a page part's mark holding the catalogue version it was rendered from (components/live/catalog-version-mark.tsx). */
export const CATALOG_VERSION_ATTRIBUTE = "data-catalog-version";
/** The attribute of the same mark holding the part's cache tags, space-separated (lib/catalog/tags.ts). */
export const CATALOG_TAGS_ATTRIBUTE = "data-catalog-tags";

const isVersion = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function parseNotice(value: unknown): CatalogChangeNotice | null {
  const { version, tags } = (value ?? {}) as { version?: unknown; tags?: unknown };
  if (!isVersion(version) || !Array.isArray(tags) || !tags.every((tag) => typeof tag === "string")) return null;
  return { version, tags };
}

/**
 * The catalogue part of a `ready` or `catalog` event's data: its version and
 * changes (null: anything may have changed; [] for a `ready` without `since`);
 * null when malformed.
 */
export function parseCatalogEvent(text: string): { catalogVersion: number; changes: CatalogChangeNotice[] | null } | null {
  try {
    const value = JSON.parse(text) as { catalogVersion?: unknown; changes?: unknown } | null;
    if (!value || !isVersion(value.catalogVersion)) return null;
    if (value.changes === null) return { catalogVersion: value.catalogVersion, changes: null };
    if (value.changes === undefined) return { catalogVersion: value.catalogVersion, changes: [] };
    if (!Array.isArray(value.changes)) return null;
    const changes = value.changes.map(parseNotice);
    return changes.every((c): c is CatalogChangeNotice => c !== null) ? { catalogVersion: value.catalogVersion, changes } : null;
  } catch {
    return null;
  }
}

/**
 * Dispatched on `window` after every sign-in or sign-out (the header and the
 * cart reload on it). A sign-in or sign-out this tab made carries the session
 * it leads to as the event's detail (SessionNow); a change only suspected (a
 * refused cart change) carries none.
 */
export const SESSION_CHANGED_EVENT = "storefront:session-changed";
/**
 * BroadcastChannel on which a tab tells the browser's other tabs that the
 * cart's owner changed: a SessionNow when the tab knows the session it leads
 * to (they show it at once, then read it to confirm), else OWNER_CHANGED.
 */
export const CART_OWNER_CHANNEL = "storefront:cart-owner";
/** The message for an owner change whose session the sending tab did not read (a guest's first add). */
export const OWNER_CHANGED = "owner-changed";

/** The session a sign-in or sign-out led to: the account shown, or null for signed out. */
export interface SessionNow {
  account: { uid: string; name: string } | null;
}

/** The SessionNow a channel message or event detail holds, or null when it holds none. */
export function sessionNowOf(value: unknown): SessionNow | null {
  if (typeof value !== "object" || value === null || !("account" in value)) return null;
  const { account } = value as { account: unknown };
  if (account === null) return { account: null };
  if (typeof account !== "object") return null;
  const { uid, name } = account as Record<string, unknown>;
  return typeof uid === "string" && uid && typeof name === "string" && name ? { account: { uid, name } } : null;
}
