/**
 * The catalogue on Firestore: products/{id} in the spec's fields (mapping.ts),
 * their recorded changes in products/{id}/changes, and meta/catalog's version,
 * raised in the same commit as every products write. Arguments arrive parsed
 * (validating-store.ts); ids still pass docId (paths.ts).
 */
import {
  FieldValue,
  WriteBatch,
  type DocumentData,
  type DocumentSnapshot,
  type QuerySnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { StoreError } from "../errors";
import { byNewestThenId } from "../order";
import { productFields } from "../product-fields";
import type { CatalogStore, Product, ProductChange } from "../types";
import type { FirestoreContext } from "./context";
import {
  CATALOG_VERSION_DOC,
  COLLECTIONS,
  productChangeFromDoc,
  productChangeToDoc,
  productFieldsToDoc,
  productFromDoc,
  productToDoc,
  revisionOfDoc,
} from "./mapping";
import { firestoreSearch, searchFieldsToDoc } from "./catalog-search";
import { watchFirestoreCatalog } from "./catalog-watch";
import { docId } from "./paths";

export function firestoreCatalog({ db, guard, ensureOpen, onClose, options }: FirestoreContext): CatalogStore {
  const products = db.collection(COLLECTIONS.products);
  const productRef = (id: string) => products.doc(docId(id, "product id"));
  const changesOf = (productId: string) => productRef(productId).collection(COLLECTIONS.productChanges);
  const catalogVersionRef = db.collection(COLLECTIONS.meta).doc(CATALOG_VERSION_DOC);
  const toProducts = (snap: QuerySnapshot<DocumentData>): Product[] =>
    snap.docs.map(productFromDoc).filter((p): p is Product => p !== null).sort(byNewestThenId);

  // An increment in the same commit as the products write, so no write is
  // ever seen without its bump. Blind (nothing reads it in a transaction), so
  // two edits at once queue on it briefly at commit but never rerun for it.
  const bumpCatalogVersion = (writer: Transaction | WriteBatch): void => {
    const bump = { version: FieldValue.increment(1) };
    // Same call on both; TypeScript cannot call a union of their overloads.
    if (writer instanceof WriteBatch) writer.set(catalogVersionRef, bump, { merge: true });
    else writer.set(catalogVersionRef, bump, { merge: true });
  };
  const recordChange = (tx: Transaction, change: ProductChange) =>
    tx.create(changesOf(change.productId).doc(), productChangeToDoc(change));

  /** The product read in `tx` at `expected`, or the error saying why not (an edit's precondition). */
  const productAtRevision = async (tx: Transaction, id: string, expected: number): Promise<{ snap: DocumentSnapshot; product: Product }> => {
    const snap = await tx.get(productRef(id));
    const product = snap.exists ? productFromDoc(snap) : null;
    if (!product) throw new StoreError("not_found", `No product with id ${id}`);
    const revision = revisionOfDoc(snap);
    if (revision !== expected) throw new StoreError("conflict", `Product ${id} is at revision ${revision}, not ${expected}`);
    return { snap, product };
  };

  const listProducts = () => guard(async () => toProducts(await products.get()));
  const search = firestoreSearch(products);

  const catalogWatch = watchFirestoreCatalog(catalogVersionRef, options.listeners);
  onClose(() => catalogWatch.close());

  return {
    listProducts,

    getCatalogVersion: () =>
      guard(async () => {
        const version = (await catalogVersionRef.get()).get("version");
        // Missing before the first write through this adapter (a database filled by another tool).
        return typeof version === "number" && Number.isSafeInteger(version) ? version : 0;
      }),

    getProduct: (id) =>
      guard(async () => {
        const snap = await productRef(id).get();
        return snap.exists ? productFromDoc(snap) : null;
      }),

    // Legacy documents may lack createdAt, which an orderBy would silently drop,
    // so the type's documents are read whole and ordered here (a few dozen per type).
    listProductsByType: (type, limit) =>
      guard(async () => toProducts(await products.where("productType", "==", type).get()).slice(0, limit)),

    searchProducts: (query, options) => guard(() => search(query, options)),

    addProduct: (input, by) =>
      guard(async () => {
        const ref = products.doc();
        const createdAt = Date.now();
        // One batch: the product, the catalogue's version and (for an admin's
        // add) the record of its creation, or none of them.
        const batch = db.batch();
        batch.create(ref, { ...productToDoc(input, createdAt), ...searchFieldsToDoc(input) });
        bumpCatalogVersion(batch);
        if (by !== undefined) {
          const change: ProductChange = { productId: ref.id, at: createdAt, by, action: "create", before: null, after: productFields(input) };
          batch.create(changesOf(ref.id).doc(), productChangeToDoc(change));
        }
        await batch.commit();
        return { ...input, id: ref.id, createdAt };
      }),

    getProductRevision: (id) =>
      guard(async () => {
        const snap = await productRef(id).get();
        const product = snap.exists ? productFromDoc(snap) : null;
        return product ? { product, revision: revisionOfDoc(snap) } : null;
      }),

    // A transaction reads the revision and writes only if it is still the
    // expected one; another instance's edit in between makes Firestore rerun
    // it, and the rerun sees the new revision and refuses (conflict).
    updateProduct: (id, input, expected, by) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const { snap, product: before } = await productAtRevision(tx, id, expected);
          const revision = expected + 1;
          tx.update(snap.ref, { ...productFieldsToDoc(input), ...searchFieldsToDoc(input), revision });
          bumpCatalogVersion(tx);
          recordChange(tx, { productId: id, at: Date.now(), by, action: "update", before: productFields(before), after: productFields(input) });
          return { product: { ...input, id, createdAt: before.createdAt }, revision };
        }),
      ),

    deleteProduct: (id, expected, by) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const { snap, product: before } = await productAtRevision(tx, id, expected);
          tx.delete(snap.ref);
          bumpCatalogVersion(tx);
          recordChange(tx, { productId: id, at: Date.now(), by, action: "delete", before: productFields(before), after: null });
        }),
      ),

    listProductChanges: (id, limit) =>
      guard(async () => {
        // One field, one direction: Firestore's automatic index serves it.
        const snap = await changesOf(id).orderBy("at", "desc").limit(limit).get();
        return snap.docs.map((d) => productChangeFromDoc(id, d.data()));
      }),

    upsertProducts: (list) =>
      guard(async () => {
        // One batch commits atomically: the products and the version bump.
        const batch = db.batch();
        // merge + increment: an import over a product bumps its revision, so an
        // admin's edit opened before the import is refused, not saved over it.
        for (const p of list) batch.set(productRef(p.id), { ...productToDoc(p, p.createdAt), ...searchFieldsToDoc(p), revision: FieldValue.increment(1) }, { merge: true });
        // Once per call, not per product: an import of n batches raises it n times.
        if (list.length > 0) bumpCatalogVersion(batch);
        await batch.commit();
      }),

    watchCatalog: (onChange) => {
      ensureOpen();
      return catalogWatch.subscribe(onChange);
    },
  };
}
