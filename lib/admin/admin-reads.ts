/**
 * What the admin pages read, each only with proof of an admin caller
 * (admin-proof.ts), checked before anything is read: the product list (a
 * page by cursor and a count, or a search, from the store) and one product's
 * record (its stored revision and its changes, which name the admins who
 * made them).
 */
import "server-only";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";
import type { StockCount } from "@/lib/data/contract/order-store";
import type { Product, ProductChange, ProductRevision, ProductType } from "@/lib/data/contract/catalog";
import type { PaymentSettings } from "@/lib/data/contract/payment-settings";
import type { ShippingRates } from "@/lib/data/contract/shipping";
import type { Discount } from "@/lib/data/contract/discounts";
import type { Store } from "@/lib/data/contract/store";
import { assertAdminProof, type AdminProof } from "./admin-proof";
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_LIMIT, parseProductListFilter, type ProductListPage } from "./product-list";

/** How many of a product's changes its page shows, newest first. */
const CHANGES_SHOWN = 100;

/**
 * The page of the product list the URL's parameters (`?q=&type=&after=`) ask
 * for: one page of 50 and one count without a search; a search's results
 * with one; and the stock of the products shown. A cursor the store refuses
 * (made by another backend, or edited) shows the first page.
 */
export async function readProductList(admin: AdminProof, params: Record<string, string | string[] | undefined>): Promise<ProductListPage> {
  assertAdminProof(admin);
  const store = await getStore();
  const page = await readProductPage(store, params);
  // The page's products' stock: one read per product shown, never the whole catalogue's.
  const stock = page.products.length > 0 ? await store.getStock(page.products.map((product) => product.id)) : new Map<string, StockCount>();
  return { ...page, stock: Object.fromEntries(page.products.map((product) => [product.id, stock.get(product.id) ?? null])) };
}

/** The page of products (or search results) the filter asks for, and its count. */
async function readProductPage(
  store: Store,
  params: Record<string, string | string[] | undefined>,
): Promise<Omit<ProductListPage, "stock">> {
  const filter = parseProductListFilter(params);
  if (filter.query) {
    const products = await searchOfType(store, filter.query, filter.type);
    return { ...filter, products, total: products.length, next: null, capped: products.length >= ADMIN_SEARCH_LIMIT };
  }
  const page = async (after: string | null) => store.listProductsPage({ type: filter.type, sort: "newest", limit: ADMIN_PAGE_SIZE, after });
  const [shown, total] = await Promise.all([
    page(filter.after).then(
      (found) => ({ after: filter.after, found }),
      async (error: unknown) => {
        if (!isStoreError(error, "invalid_input")) throw error;
        return { after: null, found: await page(null) };
      },
    ),
    store.countProducts(filter.type),
  ]);
  return { ...filter, after: shown.after, products: shown.found.products, next: shown.found.next, total, capped: false };
}

/** The shop's own ranked search (Store.searchProducts), of one type or any, at most ADMIN_SEARCH_LIMIT. */
async function searchOfType(store: Store, query: string, type: ProductType | null): Promise<Product[]> {
  return store.searchProducts(query, { type, limit: ADMIN_SEARCH_LIMIT });
}

export interface ProductRecord {
  /** The product as stored now, with the revision its form must carry; null when none has the id. */
  current: ProductRevision | null;
  /** Its stock as stored now (null: not tracked), which its form carries as the stock it was opened at. */
  stock: StockCount;
  changes: ProductChange[];
}

/** A product as stored now (not the cached catalogue), its stock and its recorded changes. */
export async function readProductRecord(admin: AdminProof, id: string): Promise<ProductRecord> {
  assertAdminProof(admin);
  try {
    const store = await getStore();
    const [current, stock, changes] = await Promise.all([
      store.getProductRevision(id),
      store.getStock([id]),
      store.listProductChanges(id, CHANGES_SHOWN),
    ]);
    return { current, stock: stock.get(id) ?? null, changes };
  } catch (error) {
    // A malformed id names no product; anything else is a real failure.
    if (!isStoreError(error, "invalid_input")) throw error;
    return { current: null, stock: null, changes: [] };
  }
}

/** The operator's shipping zones and their revision (the shipping page's form carries it). */
export async function readShippingZones(admin: AdminProof): Promise<ShippingRates> {
  assertAdminProof(admin);
  return (await getStore()).getShippingZones();
}

/** The pay on delivery switch and its revision (the payments page's form carries it). */
export async function readPaymentSettings(admin: AdminProof): Promise<PaymentSettings> {
  assertAdminProof(admin);
  return (await getStore()).getPaymentSettings();
}

/** The discount codes, newest first. */
export async function readDiscounts(admin: AdminProof): Promise<Discount[]> {
  assertAdminProof(admin);
  return (await getStore()).listDiscounts();
}

/** How many products each read of a catalogue export takes (the most a page may). */
const EXPORT_PAGE_SIZE = 100;

/**
 * The whole catalogue, newest first, a page at a time: what the CSV export
 * streams. Each page is one read of up to 100 products, on the store's own
 * order; a product added or deleted while it runs may be in it or not.
 */
export async function* readCatalogueInPages(admin: AdminProof): AsyncGenerator<Product[]> {
  assertAdminProof(admin);
  const store = await getStore();
  let after: string | null = null;
  do {
    const page = await store.listProductsPage({ type: null, sort: "newest", limit: EXPORT_PAGE_SIZE, after });
    yield page.products;
    after = page.next;
  } while (after !== null);
}
