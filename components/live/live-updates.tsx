"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { cartState, useCartState } from "@/lib/cart/browser/cart-state";
import { sayCartLinesLeftOut } from "@/lib/cart/browser/left-out";
import { parseCartSnapshot } from "@/lib/cart/cart-snapshot";
import { CatalogCatchUp, oldestShownVersion, type ShownPart } from "@/lib/live/catalog-catch-up";
import type { LiveConnection } from "@/lib/live/connection";
import { refreshReports } from "./refresh-reports";
import { openEventSourceConnection } from "./event-source-connection";
import {
  CART_OWNER_CHANNEL,
  CATALOG_TAGS_ATTRIBUTE,
  CATALOG_VERSION_ATTRIBUTE,
  LIVE_EVENT,
  LIVE_EVENTS_PATH,
  OWNER_CHANGED,
  SESSION_CHANGED_EVENT,
  SINCE_PARAM,
  parseCatalogEvent,
  sessionNowOf,
} from "@/lib/live/protocol";

/** The page's marked catalogue parts (components/live/catalog-version-mark.tsx). */
function shownParts(): ShownPart[] {
  const parts: ShownPart[] = [];
  for (const mark of document.querySelectorAll(`[${CATALOG_VERSION_ATTRIBUTE}]`)) {
    const version = Number(mark.getAttribute(CATALOG_VERSION_ATTRIBUTE));
    const tags = (mark.getAttribute(CATALOG_TAGS_ATTRIBUTE) ?? "").split(" ").filter(Boolean);
    if (Number.isSafeInteger(version) && version >= 0 && tags.length > 0) parts.push({ version, tags });
  }
  return parts;
}

/** The stream's address: with the oldest version the page shows, so `ready` says what changed since. */
function streamUrl(): string {
  const oldest = oldestShownVersion(shownParts());
  return oldest === null ? LIVE_EVENTS_PATH : `${LIVE_EVENTS_PATH}?${SINCE_PARAM}=${oldest}`;
}

/**
 * A `cart` event: the snapshot into the cart state (a malformed one is
 * dropped: the next replaces it), and the notice of guest lines left out,
 * which the stream's opening may have brought (lib/cart/left-out-notice.ts).
 */
function receiveCart(data: string): void {
  const snapshot = parseCartSnapshot(data);
  if (snapshot) cartState.getState().receiveSnapshot(snapshot.items, snapshot.hasOwner);
  sayCartLinesLeftOut();
}

/**
 * Keeps the open page current: one EventSource per tab listens to
 * /api/events (lib/live/protocol.ts). `catalog` re-renders the page's server
 * parts; `cart` carries this visitor's whole cart into the cart state (a
 * snapshot on connect, then one after every change, from any tab or device,
 * once the cart exists). `catalog` carries a change's version and cache tags,
 * and `ready` the changes since the oldest part the page shows: only a page
 * with a part that a change touched is refreshed, until that part shows the
 * change (lib/live/catalog-catch-up.ts), which also catches a change made
 * while this tab was not listening. While the stream is cut, nothing is
 * refreshed: the server may be out of reach (CatalogCatchUp.hold).
 *
 * When the stream is open is lib/live/connection.ts's: closed while the tab
 * is hidden, reopened when shown, reopened with backoff after a cut. It is
 * also reopened on purpose when the cart's owner changes or its cart comes
 * into being (sign-in/out, an add or undo that makes a guest cart's first
 * line), in this tab or, through a BroadcastChannel, in another tab of the
 * same browser.
 */
export function LiveUpdates() {
  const router = useRouter();
  const streamEpoch = useCartState((state) => state.streamEpoch);
  const connection = useRef<LiveConnection | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    const catchUp = new CatalogCatchUp({ shownParts, refresh: () => router.refresh(), ...refreshReports("catalogue") });
    const announce = (data: string) => {
      const catalog = parseCatalogEvent(data);
      if (catalog) catchUp.announce(catalog.changes, catalog.catalogVersion);
    };
    const { live, stop } = openEventSourceConnection({
      url: streamUrl,
      readyEvent: LIVE_EVENT.ready,
      on: { [LIVE_EVENT.ready]: announce, [LIVE_EVENT.catalog]: announce, [LIVE_EVENT.cart]: receiveCart },
      onLost: () => catchUp.hold(),
    });
    connection.current = live;
    return () => {
      stop();
      catchUp.stop();
      connection.current = null;
    };
  }, [router]);

  useEffect(() => {
    const onSessionChanged = (event: Event) => {
      connection.current?.restart();
      channel.current?.postMessage(sessionNowOf((event as CustomEvent).detail) ?? OWNER_CHANGED);
      // The owner changed: show the new owner's cart even before the stream is back.
      void cartState.getState().reload();
    };
    window.addEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
    // Other tabs of this browser share the cookies: when one of them gets a
    // new cart owner (a sign-in) or a guest cart's first line, this tab follows.
    if (typeof BroadcastChannel === "function") {
      channel.current = new BroadcastChannel(CART_OWNER_CHANNEL);
      channel.current.onmessage = () => connection.current?.restart();
    }
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
      channel.current?.close();
      channel.current = null;
    };
  }, []);

  useEffect(() => {
    // This tab's add (or undo) made the guest's cart, or its first line again: follow it, and tell the other
    // tabs, whose streams may have opened while it had no line and so follow nothing (lib/live/stream-cart.ts).
    if (streamEpoch === 0) return;
    connection.current?.restart();
    channel.current?.postMessage(OWNER_CHANGED);
  }, [streamEpoch]);

  return null;
}
