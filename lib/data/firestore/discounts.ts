/**
 * Discount codes on Firestore (../contract/discounts.ts):
 * - discounts/{CODE}: the code's terms, `uses`, `disabled`, `createdAt`, `createdBy`;
 * - discountUses/{CODE}~{sha-256 of the email key}: {code, count}, the uses
 *   by one email address (hashed: an address may hold characters a document
 *   id may not).
 * A placement reads both outside its transaction and writes them with the
 * precondition that they have not changed since (their update time), as it
 * does stock (unlocked-reads.ts): of two checkouts racing for a code's last
 * use the first commit lands, the second's precondition fails, it wrote
 * nothing, runs again, reads the count the first wrote and is refused
 * used_up. A use document not there yet is created, which fails the same
 * way when another checkout created it first. A cancel gives the use back in
 * its own transaction, reading both there.
 */
import { createHash } from "node:crypto";
import { FieldValue, type DocumentSnapshot, type Firestore, type Timestamp, type Transaction } from "firebase-admin/firestore";
import { StoreError } from "../contract/errors";
import type { Discount, DiscountStore, NewDiscount } from "../contract/discounts";
import { emailKey } from "../rules/order-rules";
import type { FirestoreContext } from "./context";

const DISCOUNT_COLLECTIONS = { discounts: "discounts", discountUses: "discountUses" } as const;

const discountRef = (db: Firestore, code: string) => db.collection(DISCOUNT_COLLECTIONS.discounts).doc(code.toUpperCase());
const emailUseRef = (db: Firestore, code: string, email: string) =>
  db
    .collection(DISCOUNT_COLLECTIONS.discountUses)
    .doc(`${code.toUpperCase()}~${createHash("sha256").update(emailKey(email)).digest("hex")}`);

function discountOfSnap(snap: DocumentSnapshot): Discount | null {
  if (!snap.exists) return null;
  const data = snap.data()!;
  return {
    code: snap.id,
    kind: data.kind,
    value: data.value,
    minSubtotalCents: data.minSubtotalCents,
    startsAt: data.startsAt ?? null,
    endsAt: data.endsAt ?? null,
    maxUses: data.maxUses ?? null,
    maxUsesPerEmail: data.maxUsesPerEmail ?? null,
    uses: data.uses ?? 0,
    disabled: data.disabled === true,
    createdAt: data.createdAt,
    createdBy: data.createdBy,
  };
}

const countOf = (snap: DocumentSnapshot): number => (snap.exists ? (snap.get("count") as number) : 0);

/** A code and its uses by one email, read outside any transaction, with what a write of them must find unchanged. */
export interface UnlockedDiscount {
  discount: Discount | null;
  usesByEmail: number;
  /** Stages the use this order counts, with the preconditions of the read. */
  stageUse(tx: Transaction): void;
}

export async function readDiscountUnlocked(db: Firestore, code: string, email: string): Promise<UnlockedDiscount> {
  const [codeSnap, useSnap] = await db.getAll(discountRef(db, code), emailUseRef(db, code, email));
  const discount = discountOfSnap(codeSnap);
  return {
    discount,
    usesByEmail: countOf(useSnap),
    stageUse: (tx) => {
      tx.update(codeSnap.ref, { uses: FieldValue.increment(1) }, { lastUpdateTime: codeSnap.updateTime as Timestamp });
      if (useSnap.exists) tx.update(useSnap.ref, { count: FieldValue.increment(1) }, { lastUpdateTime: useSnap.updateTime as Timestamp });
      else tx.create(useSnap.ref, { code: discount!.code, count: 1 });
    },
  };
}

/** Gives a cancelled order's use back, in the cancel's transaction (`email` null once the order was erased: its count is left). */
export async function giveDiscountUseBack(db: Firestore, tx: Transaction, code: string, email: string | null): Promise<void> {
  const refs = email === null ? [discountRef(db, code)] : [discountRef(db, code), emailUseRef(db, code, email)];
  const snaps = await tx.getAll(...refs);
  if (snaps[0].exists) tx.update(snaps[0].ref, { uses: FieldValue.increment(-1) });
  if (snaps[1]?.exists) tx.update(snaps[1].ref, { count: FieldValue.increment(-1) });
}

export function firestoreDiscounts({ db, guard }: FirestoreContext): DiscountStore {
  return {
    listDiscounts: () =>
      guard(async () => {
        const snaps = (await db.collection(DISCOUNT_COLLECTIONS.discounts).get()).docs;
        return snaps.map((snap) => discountOfSnap(snap)!).sort((a, b) => b.createdAt - a.createdAt || (a.code < b.code ? -1 : 1));
      }),
    getDiscount: (code) => guard(async () => discountOfSnap(await discountRef(db, code).get())),
    createDiscount: (discount: NewDiscount, by) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const ref = discountRef(db, discount.code);
          if ((await tx.get(ref)).exists) throw new StoreError("conflict", `The code ${discount.code} exists`, { code: "exists" });
          const stored: Discount = { ...discount, uses: 0, disabled: false, createdAt: Date.now(), createdBy: by };
          // The code is the document's id, not a field of it.
          tx.create(ref, Object.fromEntries(Object.entries(stored).filter(([field]) => field !== "code")));
          return stored;
        }),
      ),
    setDiscountDisabled: (code, disabled) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const ref = discountRef(db, code);
          const current = discountOfSnap(await tx.get(ref));
          if (!current) throw new StoreError("not_found", `No code ${code}`);
          tx.update(ref, { disabled });
          return { ...current, disabled };
        }),
      ),
    discountUsesByEmail: (code, email) => guard(async () => countOf(await emailUseRef(db, code, email).get())),
  };
}
