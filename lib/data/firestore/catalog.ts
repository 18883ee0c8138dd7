/**
 * The catalogue on Firestore: products/{id} in the spec's fields (mapping.ts),
 * their recorded changes in products/{id}/changes, and meta/catalog's version,
 * raised in the same commit as every products write. Arguments arrive parsed
 * (validating-store.ts); ids still pass docId (paths.ts).
 */
import { FieldValue, type DocumentData, type DocumentSnapshot, type QuerySnapshot, type Transaction } from "firebase-admin/firestore";
import { changesSince, editChange, everythingChanged, listingChange } from "../rules/catalog-changes";
import { StoreError } from "../contract/errors";
import { byNewestThenId } from "../rules/catalog-order";
import { productFields } from "../rules/product-fields";
import type { CatalogStore } from "../contract/catalog-store";
import type { Product, ProductChange } from "../contract/catalog";
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
import { catalogMetaOf, catalogRecorder, runCatalogTransaction } from "./catalog-record";
import { firestoreSearch, searchFieldsToDoc } from "./catalog-search";
import { watchFirestoreCatalog } from "./catalog-watch";
import { keyedTurns } from "./keyed-batches";
import { docId } from "./paths";
import { IN_STOCK, flagsToSetInTransaction, inStockFlags } from "./in-stock";
import { stockDoc } from "./stock-docs";

export function firestoreCatalog({ db, guard, ensureOpen, onClose, options }: FirestoreContext): CatalogStore {
  const products = db.collection(COLLECTIONS.products);
  const productRef = (id: string) => products.doc(docId(id, "product id"));
  const changesOf = (productId: string) => productRef(productId).collection(COLLECTIONS.productChanges);
  const catalogVersionRef = db.collection(COLLECTIONS.meta).doc(CATALOG_VERSION_DOC);
  const toProducts = (snap: QuerySnapshot<DocumentData>): Product[] =>
    snap.docs
      .map(productFromDoc)
      .filter((p): p is Product => p !== null)
      .sort(byNewestThenId);

  // Every products write records what it changed in meta/catalog, in its own transaction.
  const recorder = (tx: Transaction) => catalogRecorder(tx, catalogVersionRef);
  // A process never contends with itself on meta/catalog, which every one of
  // those transactions reads and rewrites: its catalogue writes take turns.
  // Two at once would each wait for the lock the other's read holds, until
  // one is aborted: at once on Cloud Firestore; on the emulator after a 2 s
  // lock timeout, and a read that lost its wait is refused 7 to 8 s later.
  const inCatalogTurn = keyedTurns();
  /** A catalogue write's transaction, in the catalogue's turn; dropped unrun once its caller has been told "unavailable". */
  const catalogTransaction = <T>(signal: AbortSignal, body: (tx: Transaction) => Promise<T>) =>
    inCatalogTurn([CATALOG_VERSION_DOC], () => runCatalogTransaction(db, body), signal);
  const recordChange = (tx: Transaction, change: ProductChange) => tx.create(changesOf(change.productId).doc(), productChangeToDoc(change));

  /** The product read in `tx` at `expected`, or the error saying why not (an edit's precondition). */
  const productAtRevision = async (
    tx: Transaction,
    id: string,
    expected: number,
  ): Promise<{ snap: DocumentSnapshot; product: Product }> => {
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

    // Missing before the first write through this adapter (a database filled by another tool): 0.
    getCatalogVersion: () => guard(async () => catalogMetaOf(await catalogVersionRef.get()).version),

    getCatalogChanges: (since) =>
      guard(async () => {
        const meta = catalogMetaOf(await catalogVersionRef.get());
        return changesSince(meta.changes, since, meta.version);
      }),

    markCatalogChanged: () =>
      guard(({ signal }) =>
        catalogTransaction(signal, async (tx) => {
          const record = await recorder(tx);
          return record(everythingChanged());
        }),
      ),

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
      guard(async ({ signal }) => {
        const ref = products.doc();
        const createdAt = Date.now();
        // One transaction: the product, the catalogue's change and (for an
        // admin's add) the record of its creation, or none of them.
        await catalogTransaction(signal, async (tx) => {
          const record = await recorder(tx);
          // A new id: no stock is kept for it yet, so it is in stock (in-stock.ts).
          tx.create(ref, { ...productToDoc(input, createdAt), ...searchFieldsToDoc(input), [IN_STOCK]: true });
          record(listingChange(ref.id, input.type));
          if (by !== undefined)
            recordChange(tx, { productId: ref.id, at: createdAt, by, action: "create", before: null, after: productFields(input) });
        });
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
      guard(({ signal }) =>
        catalogTransaction(signal, async (tx) => {
          const { snap, product: before } = await productAtRevision(tx, id, expected);
          const record = await recorder(tx);
          const revision = expected + 1;
          tx.update(snap.ref, { ...productFieldsToDoc(input), ...searchFieldsToDoc(input), revision });
          record(editChange(id, before.type, input.type));
          recordChange(tx, {
            productId: id,
            at: Date.now(),
            by,
            action: "update",
            before: productFields(before),
            after: productFields(input),
          });
          return { product: { ...input, id, createdAt: before.createdAt }, revision };
        }),
      ),

    deleteProduct: (id, expected, by) =>
      guard(({ signal }) =>
        catalogTransaction(signal, async (tx) => {
          const { snap, product: before } = await productAtRevision(tx, id, expected);
          const record = await recorder(tx);
          tx.delete(snap.ref);
          record(listingChange(id, before.type));
          recordChange(tx, { productId: id, at: Date.now(), by, action: "delete", before: productFields(before), after: null });
        }),
      ),

    listProductChanges: (id, limit) =>
      guard(async () => {
        // One field, one direction: Firestore's automatic index serves it.
        const snap = await changesOf(id).orderBy("at", "desc").limit(limit).get();
        return snap.docs.map((d) => productChangeFromDoc(id, d.data()));
      }),

    upsertProducts: (list, { announce = true } = {}) =>
      guard(async ({ signal }) => {
        if (list.length === 0) return;
        // merge + increment: an import over a product bumps its revision, so an
        // admin's edit opened before the import is refused, not saved over it.
        const docs = (flags: ReadonlyMap<string, boolean>) =>
          list.map(
            (p) =>
              [
                productRef(p.id),
                {
                  ...productToDoc(p, p.createdAt),
                  ...searchFieldsToDoc(p),
                  ...(flags.has(p.id) ? { [IN_STOCK]: flags.get(p.id) } : {}),
                  revision: FieldValue.increment(1),
                },
              ] as const,
          );
        const ids = list.map((p) => p.id);
        if (!announce) {
          // One batch commits atomically; the import records its change once, at its end.
          const batch = db.batch();
          // Each product's flag from its stock (one query per 30 products: only tracked ones are read).
          for (const [ref, doc] of docs(await inStockFlags(db, ids))) batch.set(ref, doc, { merge: true });
          await batch.commit();
          return;
        }
        await catalogTransaction(signal, async (tx) => {
          const flags = await flagsToSetInTransaction(tx, ids, productRef, (id) => stockDoc(db, id));
          const record = await recorder(tx);
          for (const [ref, doc] of docs(flags)) tx.set(ref, doc, { merge: true });
          record(everythingChanged());
        });
      }),

    watchCatalog: (onChange, onListening) => {
      ensureOpen();
      return catalogWatch.subscribe(onChange, onListening);
    },
  };
}
