"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { cartState, useCartState } from "@/lib/cart/browser/cart-state";
import {
  CART_OWNER_CHANNEL,
  LIVE_EVENT,
  LIVE_EVENTS_PATH,
  SESSION_CHANGED_EVENT,
  parseCartSnapshot,
} from "@/lib/live/protocol";

/** Waits before reopening a stream the server refused (a 503 while the store is down): 5 s, doubling to 60 s. */
const REFUSED_RETRY_MS = { first: 5_000, max: 60_000 };

/**
 * Keeps the open page current: one EventSource per tab listens to
 * /api/events (lib/live/protocol.ts). `catalog` re-renders the page's server
 * parts; `cart` carries this visitor's whole cart into the cart state (a snapshot on connect, then
 * one after every change, from any tab or device, once the cart exists).
 * EventSource reconnects by itself after a dropped stream (the server sets the
 * delay) but gives up on a refused one (a 503 while the store is down): that
 * one is reopened here, with backoff. The stream is also reopened on purpose
 * when the cart's owner changes or its cart comes into being (sign-in/out, the
 * first add), in this tab or, through a BroadcastChannel, in another tab of
 * the same browser.
 */
export function LiveUpdates() {
  const router = useRouter();
  const streamEpoch = useCartState((state) => state.streamEpoch);
  const [sessionEpoch, setSessionEpoch] = useState(0);
  const [peerEpoch, setPeerEpoch] = useState(0);
  const [refusedEpoch, setRefusedEpoch] = useState(0);
  const refusedDelay = useRef(REFUSED_RETRY_MS.first);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    const onSessionChanged = () => {
      setSessionEpoch((n) => n + 1);
      channel.current?.postMessage("owner-changed");
    };
    window.addEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
    // Other tabs of this browser share the cookies: when one of them gets a
    // new cart owner (a guest's first add, a sign-in), this tab follows.
    if (typeof BroadcastChannel === "function") {
      channel.current = new BroadcastChannel(CART_OWNER_CHANNEL);
      channel.current.onmessage = () => setPeerEpoch((n) => n + 1);
    }
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
      channel.current?.close();
      channel.current = null;
    };
  }, []);

  useEffect(() => {
    // This tab's first add created the guest's cart: tell the other tabs.
    if (streamEpoch > 0) channel.current?.postMessage("owner-changed");
  }, [streamEpoch]);

  useEffect(() => {
    const source = new EventSource(LIVE_EVENTS_PATH);
    const refresh = () => router.refresh();
    const onCart = (event: MessageEvent<string>) => {
      // A malformed event is dropped: the next snapshot replaces it.
      const snapshot = parseCartSnapshot(event.data);
      if (snapshot) cartState.getState().receiveSnapshot(snapshot.items, snapshot.hasOwner);
    };
    const onReady = () => {
      refusedDelay.current = REFUSED_RETRY_MS.first;
    };
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onError = () => {
      // CONNECTING: EventSource retries by itself. CLOSED: it gave up for good.
      if (source.readyState !== EventSource.CLOSED || retry) return;
      const delay = refusedDelay.current;
      refusedDelay.current = Math.min(delay * 2, REFUSED_RETRY_MS.max);
      retry = setTimeout(() => setRefusedEpoch((n) => n + 1), delay);
    };
    source.addEventListener(LIVE_EVENT.ready, onReady);
    source.addEventListener(LIVE_EVENT.catalog, refresh);
    source.addEventListener(LIVE_EVENT.cart, onCart);
    source.addEventListener("error", onError);
    return () => {
      clearTimeout(retry);
      source.removeEventListener(LIVE_EVENT.ready, onReady);
      source.removeEventListener(LIVE_EVENT.catalog, refresh);
      source.removeEventListener(LIVE_EVENT.cart, onCart);
      source.removeEventListener("error", onError);
      source.close();
    };
  }, [router, streamEpoch, sessionEpoch, peerEpoch, refusedEpoch]);

  useEffect(() => {
    // The owner changed: show the new owner's cart even before the stream is back.
    if (sessionEpoch > 0) void cartState.getState().reload();
  }, [sessionEpoch]);

  return null;
}
