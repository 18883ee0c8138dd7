/**
 * The catalogue on SQLite: products, their revisions and recorded changes,
 * and what each write changed, recorded in its own transaction
 * (catalog-record.ts): the version pages quote and instances watch.
 * Arguments arrive parsed (validating-store.ts).
 */
import { StoreError } from "../contract/errors";
import { nameSortKey } from "../rules/catalog-order";
import { newId } from "../rules/ids";
import { productFields } from "../rules/product-fields";
import type { CatalogStore } from "../contract/catalog-store";
import type { NewProduct, Product, ProductChange } from "../contract/catalog";
import { editChange, everythingChanged, listingChange } from "../rules/catalog-changes";
import { sqliteCatalogRecord } from "./catalog-record";
import { sqliteCatalogSearch } from "./catalog-search";
import { watchSqliteCatalog } from "./catalog-watch";
import type { SqliteContext } from "./context";
import { toProduct, toProductChange, type ProductChangeRow, type ProductRow } from "./rows";

const productRow = (p: Product) => ({
  id: p.id,
  name: p.name,
  name_key: nameSortKey(p.name),
  images: JSON.stringify(p.images),
  price_cents: p.priceCents,
  details: p.details,
  type: p.type,
  created_at: p.createdAt,
});

/** A new row's in-stock flag: what the stock already kept for its id says (rules/stock-shown.ts isInStock; none: in stock). */
const IN_STOCK_OF_ID = "COALESCE((SELECT count > 0 FROM product_stock WHERE product_id = @id), 1)";

export function sqliteCatalog({ db, run, onClose }: SqliteContext): CatalogStore {
  const sql = {
    allProducts: db.prepare<[], ProductRow>("SELECT * FROM products ORDER BY created_at DESC, id ASC"),
    product: db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?"),
    productsByType: db.prepare<[string, number], ProductRow>(
      "SELECT * FROM products WHERE type = ? ORDER BY created_at DESC, id ASC LIMIT ?",
    ),
    insertProduct: db.prepare(
      `INSERT INTO products (id, name, name_key, images, price_cents, details, type, created_at, in_stock)
       VALUES (@id, @name, @name_key, @images, @price_cents, @details, @type, @created_at, ${IN_STOCK_OF_ID})`,
    ),
    upsertProduct: db.prepare(
      `INSERT INTO products (id, name, name_key, images, price_cents, details, type, created_at, in_stock)
       VALUES (@id, @name, @name_key, @images, @price_cents, @details, @type, @created_at, ${IN_STOCK_OF_ID})
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, images = excluded.images,
         price_cents = excluded.price_cents, details = excluded.details, type = excluded.type,
         created_at = excluded.created_at, revision = products.revision + 1`,
    ),
    updateProduct: db.prepare(
      `UPDATE products SET name = @name, name_key = @name_key, images = @images, price_cents = @price_cents, details = @details,
         type = @type, revision = revision + 1 WHERE id = @id`,
    ),
    deleteProduct: db.prepare("DELETE FROM products WHERE id = ?"),
    insertChange: db.prepare(
      `INSERT INTO product_changes (product_id, at, by, action, before, after)
       VALUES (@product_id, @at, @by, @action, @before, @after)`,
    ),
    changes: db.prepare<[string, number], ProductChangeRow>("SELECT * FROM product_changes WHERE product_id = ? ORDER BY seq DESC LIMIT ?"),
  };

  const changes = sqliteCatalogRecord(db);
  const catalogSearch = sqliteCatalogSearch(db);
  const catalogWatch = watchSqliteCatalog(changes);
  onClose(() => catalogWatch.close());
  const notifyCatalog = () => catalogWatch.announceLocalWrite();

  const recordChange = (change: ProductChange) =>
    sql.insertChange.run({
      product_id: change.productId,
      at: change.at,
      by: change.by,
      action: change.action,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
    });

  /** The product at `expected`, or the error saying why not (the edit's precondition). */
  const productAtRevision = (id: string, expected: number): ProductRow => {
    const row = sql.product.get(id);
    if (!row) throw new StoreError("not_found", `No product with id ${id}`);
    if (row.revision !== expected) {
      throw new StoreError("conflict", `Product ${id} is at revision ${row.revision}, not ${expected}`);
    }
    return row;
  };

  const addProductTx = db.transaction((product: Product, by: string | undefined) => {
    sql.insertProduct.run(productRow(product));
    catalogSearch.writeKeys(product);
    changes.record(listingChange(product.id, product.type));
    if (by !== undefined) {
      recordChange({ productId: product.id, at: product.createdAt, by, action: "create", before: null, after: productFields(product) });
    }
  });

  const updateProductTx = db.transaction((id: string, input: NewProduct, expected: number, by: string) => {
    const before = toProduct(productAtRevision(id, expected));
    sql.updateProduct.run(productRow({ ...input, id, createdAt: before.createdAt }));
    catalogSearch.writeKeys({ ...input, id, createdAt: before.createdAt });
    changes.record(editChange(id, before.type, input.type));
    const after = sql.product.get(id)!;
    recordChange({ productId: id, at: Date.now(), by, action: "update", before: productFields(before), after: productFields(input) });
    return { product: toProduct(after), revision: after.revision };
  });

  const deleteProductTx = db.transaction((id: string, expected: number, by: string) => {
    const before = toProduct(productAtRevision(id, expected));
    sql.deleteProduct.run(id);
    changes.record(listingChange(id, before.type));
    recordChange({ productId: id, at: Date.now(), by, action: "delete", before: productFields(before), after: null });
  });

  const upsertTx = db.transaction((products: Product[], announce: boolean) => {
    products.forEach((p) => {
      sql.upsertProduct.run(productRow(p));
      catalogSearch.writeKeys(p);
    });
    if (announce) changes.record(everythingChanged());
  });
  const markChangedTx = db.transaction(() => changes.record(everythingChanged()));

  return {
    listProducts: () => run(() => sql.allProducts.all().map(toProduct)),

    getCatalogVersion: () => run(() => changes.version()),

    getCatalogChanges: (since) => run(() => changes.since(since)),

    markCatalogChanged: () =>
      run(() => {
        const version = markChangedTx.immediate();
        notifyCatalog();
        return version;
      }),

    getProduct: (id) =>
      run(() => {
        const row = sql.product.get(id);
        return row ? toProduct(row) : null;
      }),

    listProductsByType: (type, limit) => run(() => sql.productsByType.all(type, limit).map(toProduct)),

    searchProducts: (query, options) => run(() => catalogSearch.search(query, options)),

    addProduct: (input, by) =>
      run(() => {
        const product: Product = { ...input, id: newId(), createdAt: Date.now() };
        addProductTx.immediate(product, by);
        notifyCatalog();
        return product;
      }),

    getProductRevision: (id) =>
      run(() => {
        const row = sql.product.get(id);
        return row ? { product: toProduct(row), revision: row.revision } : null;
      }),

    updateProduct: (id, input, expectedRevision, by) =>
      run(() => {
        const result = updateProductTx.immediate(id, input, expectedRevision, by);
        notifyCatalog();
        return result;
      }),

    deleteProduct: (id, expectedRevision, by) =>
      run(() => {
        deleteProductTx.immediate(id, expectedRevision, by);
        notifyCatalog();
      }),

    listProductChanges: (id, limit) => run(() => sql.changes.all(id, limit).map(toProductChange)),

    upsertProducts: (products, { announce = true } = {}) =>
      run(() => {
        if (products.length === 0) return;
        upsertTx.immediate(products, announce);
        if (announce) notifyCatalog();
      }),

    watchCatalog: (onChange, onListening) => catalogWatch.subscribe(onChange, onListening),
  };
}
