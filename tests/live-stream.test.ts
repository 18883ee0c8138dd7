/**
 * The live stream's listener decisions (lib/live/stream.ts and
 * stream-cart.ts), with a fake store: a guest without a cart (no cookie, a
 * made-up cookie) gets the empty cart and costs the instance no cart
 * listener; a guest with a cart, and any signed-in shopper, gets it and a
 * listener; catalogue changes arrive as one debounced `catalog` event listing each change's
 * version and tags; a cart line's product is read again only when a change
 * touched it; closing the tab releases everything.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { streamProducts } from "@/lib/cart/stream-products";
import type { CatalogNotice } from "@/lib/catalog/tags";
import type { CartItem, CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import { liveStream } from "@/lib/live/stream";
import type { LiveCartSource } from "@/lib/live/stream-cart";

const ITEM: CartItem = {
  productId: "p1",
  name: "Lamp",
  priceCents: 3999,
  image: "/products/lamp.webp",
  details: "Warm.",
  quantity: 2,
  addedAt: 1,
  expiresAt: null,
};
const LAMP: Product = {
  id: "p1",
  name: "Lamp",
  priceCents: 3999,
  images: [{ src: "/products/lamp.webp", alt: "A picture" }],
  details: "Warm.",
  type: "Electronics",
  createdAt: 1,
};
/** The cart entry ITEM becomes while LAMP is in the catalogue unchanged. */
const LAMP_ENTRY = {
  id: "p1",
  name: "Lamp",
  priceCents: 3999,
  image: "/products/lamp.webp",
  cartQuantity: 2,
  available: true,
  addedPriceCents: 3999,
};

/** The store the stream reads cart lines' products from; tests change `products` to edit or delete. */
function fakeProducts(products: Product[] = [LAMP]) {
  const state = { products, reads: 0 };
  const read = async (id: string) => (state.reads++, state.products.find((p) => p.id === id) ?? null);
  return { state, products: streamProducts(read) };
}

/** An edit of the lamp, as the feed announces it. */
const LAMP_EDIT: CatalogNotice = { version: 2, tags: ["product:p1", "search", "sitemap"] };

function fakeCarts(existing: Record<string, CartItem[]>, failHasCart = false) {
  const calls = { hasCart: 0, listCart: 0, watchCart: 0, unwatchCart: 0 };
  const watchers = new Map<string, (items: CartItem[]) => void>();
  const carts: LiveCartSource = {
    async hasCart(owner: CartOwner) {
      calls.hasCart++;
      if (failHasCart) throw new Error("store down");
      return owner in existing;
    },
    async listCart(owner: CartOwner) {
      calls.listCart++;
      return existing[owner] ?? [];
    },
    watchCart(owner: CartOwner, onChange: (items: CartItem[]) => void) {
      calls.watchCart++;
      watchers.set(owner, onChange);
      return () => {
        calls.unwatchCart++;
        watchers.delete(owner);
      };
    },
  };
  return { carts, calls, watchers };
}

function fakeCatalog() {
  const listeners = new Set<(notice: CatalogNotice) => void>();
  return {
    subscribe(listener: (notice: CatalogNotice) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    change: (notice: CatalogNotice = LAMP_EDIT) => listeners.forEach((l) => l(notice)),
    get size() {
      return listeners.size;
    },
  };
}

/** Reads the stream's events as {event, data} until `count` arrived (or the stream ends). */
async function readEvents(stream: ReadableStream<Uint8Array>, count: number) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = "";
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event) events.push({ event, data: data ? JSON.parse(data) : undefined });
    }
  }
  reader.releaseLock();
  return events;
}

const open = (owner: CartOwner | null, carts: LiveCartSource, catalog = fakeCatalog(), products = fakeProducts()) => {
  const abort = new AbortController();
  const stream = liveStream({
    owner,
    carts,
    products: products.products,
    catalog,
    ready: { catalogVersion: 1 },
    signal: abort.signal,
    catalogDebounceMs: 20,
    onError: () => {},
  });
  return { stream, abort, catalog, products };
};

describe("live stream", () => {
  it("sends a visitor without an owner the empty cart and reads nothing", async () => {
    const { carts, calls } = fakeCarts({});
    const { stream, abort } = open(null, carts);
    const events = await readEvents(stream, 2);
    assert.deepEqual(events, [
      { event: "ready", data: { catalogVersion: 1 } },
      { event: "cart", data: { items: [], hasOwner: false } },
    ]);
    assert.deepEqual(calls, { hasCart: 0, listCart: 0, watchCart: 0, unwatchCart: 0 });
    abort.abort();
  });

  it("opens no cart listener for a made-up guest cookie: one read, the empty cart, hasOwner false", async () => {
    const { carts, calls } = fakeCarts({});
    const { stream, abort } = open("guest:00000000-0000-4000-8000-000000000000", carts);
    const events = await readEvents(stream, 2);
    assert.deepEqual(events[1], { event: "cart", data: { items: [], hasOwner: false } });
    assert.deepEqual(calls, { hasCart: 1, listCart: 0, watchCart: 0, unwatchCart: 0 });
    abort.abort();
  });

  it("follows a signed-in shopper's cart even before it exists: another device may create it while this tab is open", async () => {
    const owner: CartOwner = "user:bob";
    const { carts, calls, watchers } = fakeCarts({});
    const { stream, abort } = open(owner, carts);
    const first = await readEvents(stream, 2);
    assert.deepEqual(first[1], { event: "cart", data: { items: [], hasOwner: true } });
    assert.equal(calls.hasCart, 0, "a session is proof enough: no existence check");
    assert.equal(calls.watchCart, 1);
    watchers.get(owner)?.([ITEM]);
    const [created] = await readEvents(stream, 1);
    assert.deepEqual(created.data, {
      items: [LAMP_ENTRY],
      hasOwner: true,
    });
    abort.abort();
    assert.equal(calls.unwatchCart, 1);
  });

  it("takes the caller's answer on a guest's cart instead of asking again", async () => {
    const guest: CartOwner = "guest:00000000-0000-4000-8000-000000000001";
    const { carts, calls } = fakeCarts({ [guest]: [ITEM] });
    const abort = new AbortController();
    const stream = liveStream({
      owner: guest,
      carts,
      products: fakeProducts().products,
      catalog: fakeCatalog(),
      ready: { catalogVersion: 1 },
      cartExists: true,
      signal: abort.signal,
      onError: () => {},
    });
    const events = await readEvents(stream, 2);
    assert.equal((events[1].data as { hasOwner: boolean }).hasOwner, true);
    assert.deepEqual(calls, { hasCart: 0, listCart: 1, watchCart: 1, unwatchCart: 0 });
    abort.abort();
  });

  it("holds nothing when the browser left before the stream was built", async () => {
    const owner: CartOwner = "user:carol";
    const { carts, calls } = fakeCarts({ [owner]: [ITEM] });
    const catalog = fakeCatalog();
    const abort = new AbortController();
    abort.abort();
    const stream = liveStream({
      owner,
      carts,
      products: fakeProducts().products,
      catalog,
      ready: { catalogVersion: 1 },
      signal: abort.signal,
      onError: () => {},
    });
    await readEvents(stream, 3);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(catalog.size, 0, "no catalogue subscription left");
    assert.equal(calls.watchCart, 0, "no cart listener opened");
  });

  it("follows an existing cart: its lines, then every change, and lets go when the tab closes", async () => {
    const owner: CartOwner = "user:alice";
    const { carts, calls, watchers } = fakeCarts({ [owner]: [ITEM] });
    const { stream, abort } = open(owner, carts);
    const first = await readEvents(stream, 2);
    assert.deepEqual(first[1], {
      event: "cart",
      data: { items: [LAMP_ENTRY], hasOwner: true },
    });
    assert.equal(calls.watchCart, 1);

    watchers.get(owner)?.([{ ...ITEM, quantity: 3 }]);
    const [changed] = await readEvents(stream, 1);
    assert.deepEqual(changed.data, {
      items: [{ ...LAMP_ENTRY, cartQuantity: 3 }],
      hasOwner: true,
    });

    abort.abort();
    assert.equal(calls.unwatchCart, 1);
  });

  it("sends the cart again after a catalogue change, its lines joined with the catalogue now, without reading the cart", async () => {
    const owner: CartOwner = "user:follower";
    const { carts, calls } = fakeCarts({ [owner]: [ITEM] });
    const { stream, abort, catalog, products } = open(owner, carts);
    await readEvents(stream, 2);
    products.state.products = [{ ...LAMP, name: "Lamp, brass", priceCents: 4500 }];
    catalog.change({ version: 2, tags: ["product:other", "search"] });
    const untouched = await readEvents(stream, 2);
    assert.deepEqual(
      untouched.find((e) => e.event === "cart")?.data,
      { items: [LAMP_ENTRY], hasOwner: true },
      "a change of another product reads nothing",
    );
    assert.equal(products.state.reads, 1);
    catalog.change({ version: 3, tags: ["product:p1", "search"] });
    // Two events, in either order: the cart (after its catalogue read) and `catalog`.
    const afterEdit = await readEvents(stream, 2);
    assert.deepEqual(afterEdit.map((e) => e.event).sort(), ["cart", "catalog"]);
    assert.deepEqual(afterEdit.find((e) => e.event === "cart")?.data, {
      items: [{ ...LAMP_ENTRY, name: "Lamp, brass", priceCents: 4500 }],
      hasOwner: true,
    });
    products.state.products = [];
    catalog.change({ version: 4, tags: ["catalog"] });
    const afterDelete = await readEvents(stream, 2);
    assert.deepEqual(afterDelete.find((e) => e.event === "cart")?.data, { items: [{ ...LAMP_ENTRY, available: false }], hasOwner: true });
    assert.equal(calls.listCart, 1, "the cart itself was read once, on connect");
    assert.equal(products.state.reads, 3, "the lamp was read on connect and after each change that touched it");
    abort.abort();
  });

  it("sends one `catalog` event for a burst of catalogue changes, and unsubscribes on close", async () => {
    const { carts } = fakeCarts({});
    const { stream, abort, catalog } = open(null, carts);
    await readEvents(stream, 2);
    catalog.change({ version: 2, tags: ["product:a"] });
    catalog.change({ version: 3, tags: ["product:b"] });
    catalog.change({ version: 4, tags: ["catalog"] });
    const [event] = await readEvents(stream, 1);
    assert.deepEqual(event, {
      event: "catalog",
      data: {
        catalogVersion: 4,
        changes: [
          { version: 2, tags: ["product:a"] },
          { version: 3, tags: ["product:b"] },
          { version: 4, tags: ["catalog"] },
        ],
      },
    });
    assert.equal(catalog.size, 1);
    abort.abort();
    assert.equal(catalog.size, 0);
  });

  it("sends the changes the tab missed with `ready`, as the route read them", async () => {
    const { carts } = fakeCarts({});
    const abort = new AbortController();
    const ready = { catalogVersion: 7, changes: [{ version: 7, tags: ["product:a"] }] };
    const stream = liveStream({
      owner: null,
      carts,
      products: fakeProducts().products,
      catalog: fakeCatalog(),
      ready,
      signal: abort.signal,
      onError: () => {},
    });
    assert.deepEqual((await readEvents(stream, 1))[0], { event: "ready", data: ready });
    abort.abort();
  });

  it("ends the stream (the browser reconnects) when a guest's cart cannot be checked, holding no listener", async () => {
    const { carts, calls } = fakeCarts({}, true);
    const { stream, catalog } = open("guest:00000000-0000-4000-8000-000000000002", carts);
    const events = await readEvents(stream, 10); // returns when the stream ends
    assert.deepEqual(
      events.map((e) => e.event),
      ["ready"],
    );
    assert.equal(calls.watchCart, 0);
    assert.equal(catalog.size, 0);
  });

  it("ends itself after its lifetime (before the platform's maxDuration), letting go of every listener", async () => {
    const owner = "user:lifetime";
    const { carts, calls } = fakeCarts({ [owner]: [] });
    const catalog = fakeCatalog();
    const abort = new AbortController();
    const started = Date.now();
    const stream = liveStream({
      owner,
      carts,
      products: fakeProducts().products,
      catalog,
      ready: { catalogVersion: 1 },
      signal: abort.signal,
      lifetimeMs: 150,
      onError: () => {},
    });
    const events = await readEvents(stream, 10); // returns when the stream ends
    assert.deepEqual(
      events.map((e) => e.event),
      ["ready", "cart"],
    );
    assert.ok(Date.now() - started >= 140, "not before its lifetime");
    assert.deepEqual([calls.watchCart, calls.unwatchCart, catalog.size], [1, 1, 0]);
  });
});
