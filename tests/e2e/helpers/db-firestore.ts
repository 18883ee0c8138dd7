/**
 * Reads of the Firestore pass's database: the official emulator the pass
 * started (FIRESTORE_EMULATOR_HOST, set by scripts/e2e.mjs), through
 * firebase-admin exactly as the shop reaches it. Documents keep the original
 * app's field names (lib/data/firestore/mapping.ts); rows come back in the
 * same shape as db-sqlite.ts gives. Specs reach this through helpers/db.ts.
 */
import { getApps, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { CartLine, ProductRow, UserRow } from "./db-rows";

/** The project the suite's shop writes to (its Auth emulator's demo- project). */
export function suiteProjectId(): string {
  return process.env.FIREBASE_PROJECT_ID || "demo-storefront";
}

/** One firebase-admin app per project: shops started by a spec write to projects of their own. */
function firestore(projectId: string = suiteProjectId()): Firestore {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error("FIRESTORE_EMULATOR_HOST is not set: run through `npm run test:e2e`");
  const name = `e2e-${projectId}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  return getFirestore(app);
}

const millis = (value: unknown): number => (value instanceof Timestamp ? value.toMillis() : Number(value ?? 0));

export async function usersByEmail(email: string): Promise<UserRow[]> {
  const snap = await firestore().collection("user").where("email", "==", email).get();
  return snap.docs.map((d) => ({
    uid: d.id,
    display_name: String(d.get("displayName") ?? ""),
    email: String(d.get("email") ?? ""),
    created_at: millis(d.get("createdAt")),
  }));
}

export async function userCount(): Promise<number> {
  return (await firestore().collection("user").count().get()).data().count;
}

export async function productsNamed(name: string): Promise<ProductRow[]> {
  const snap = await firestore().collection("products").where("productName", "==", name).get();
  return snap.docs.map((d) => ({
    id: d.id,
    name: String(d.get("productName")),
    type: String(d.get("productType")),
    // Stored as a number of dollars (or, in legacy documents, as text).
    price_cents: Math.round(Number(d.get("productPrize")) * 100),
  }));
}

export async function productCount(): Promise<number> {
  return (await firestore().collection("products").count().get()).data().count;
}

export async function productIds(): Promise<string[]> {
  const refs = await firestore().collection("products").listDocuments();
  return refs.map((ref) => ref.id).sort();
}

/**
 * Every cart line of a project: carts/{owner}/items/{productId}. A cart's own
 * document may not exist (only its items do), so lines are found through the
 * `items` collection group rather than by listing carts.
 */
export async function cartLinesIn(projectId: string = suiteProjectId()): Promise<CartLine[]> {
  const snap = await firestore(projectId).collectionGroup("items").get();
  return snap.docs
    .filter((d) => d.ref.parent.parent?.parent.id === "carts")
    .map((d) => ({ owner: d.ref.parent.parent!.id, productId: d.id, quantity: Number(d.get("quantity")) }))
    .sort((a, b) => (a.owner === b.owner ? (a.productId < b.productId ? -1 : 1) : a.owner < b.owner ? -1 : 1));
}

export async function liveRevocationCount(): Promise<number> {
  const snap = await firestore().collection("revokedSessions").where("expiresAt", ">", Timestamp.now()).get();
  return snap.size;
}
