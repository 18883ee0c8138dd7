/**
 * What specs read back from the shop's database, on whichever backend the
 * pass runs (E2E_BACKEND, set by scripts/e2e.mjs): the SQLite file the suite's
 * shop writes, or the Firestore emulator it writes to. Every reader is async
 * because Firestore's are; the SQLite ones answer at once.
 */
import type { CartLine, ProductRow, UserRow } from "./db-rows";
import * as firestore from "./db-firestore";
import * as sqlite from "./db-sqlite";
import { e2eBackend } from "../support";

export type { CartLine } from "./db-rows";

const onFirestore = e2eBackend === "firestore";

/** Every user/{uid} record with this email. */
export async function usersByEmail(email: string): Promise<UserRow[]> {
  return onFirestore ? firestore.usersByEmail(email) : sqlite.usersByEmail(email);
}

export async function userCount(): Promise<number> {
  return onFirestore ? firestore.userCount() : sqlite.userCount();
}

export async function productsNamed(name: string): Promise<ProductRow[]> {
  return onFirestore ? firestore.productsNamed(name) : sqlite.productsNamed(name);
}

export async function productCount(): Promise<number> {
  return onFirestore ? firestore.productCount() : sqlite.productCount();
}

/** The ids of every product, sorted. */
export async function productIds(): Promise<string[]> {
  return onFirestore ? firestore.productIds() : sqlite.productIds();
}

/** Every cart line of every owner in the suite's store, sorted by owner then product. */
export async function allCartLines(): Promise<CartLine[]> {
  return onFirestore ? firestore.cartLinesIn() : sqlite.cartLinesAt();
}

/** How many session revocations have not expired yet (Sign Out writes one). */
export async function liveRevocationCount(): Promise<number> {
  return onFirestore ? firestore.liveRevocationCount() : sqlite.liveRevocationCount();
}

/**
 * Where a shop started by a spec keeps its data (helpers/shop-process.ts):
 * its own SQLite file, or its own project on the pass's Firestore emulator.
 */
export type StoreLocation = { kind: "sqlite"; path: string } | { kind: "firestore"; projectId: string };

/** Every cart line of that shop's store. */
export async function cartLinesOf(store: StoreLocation): Promise<CartLine[]> {
  return store.kind === "firestore" ? firestore.cartLinesIn(store.projectId) : sqlite.cartLinesAt(store.path);
}
