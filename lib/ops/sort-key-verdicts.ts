/**
 * The doctor's checks of the keys listings order products by, on every
 * product (lib/data/firestore: documents written before a key existed lack
 * it until `npm run admin -- backfill` sets it): a listing's ordered query
 * leaves out a document without its key.
 */
import type { Verdict } from "./doctor";

/** Every product has a createdAt: an ordered page (home, categories, the sitemap, the admin list) leaves out one without. */
export async function createdAtVerdict(productsWithoutCreatedAt: () => Promise<number>): Promise<Verdict> {
  const missing = await productsWithoutCreatedAt();
  return missing === 0
    ? { check: "products' createdAt", ok: true, detail: "every product has one" }
    : {
        check: "products' createdAt",
        ok: false,
        problem:
          `${missing} product${missing === 1 ? " has" : "s have"} no createdAt, so no listing shows ${missing === 1 ? "it" : "them"}: ` +
          "npm run admin -- backfill sets it (safe to run again)",
      };
}

export async function priceKeyVerdict(productsWithoutPriceKey: () => Promise<number>): Promise<Verdict> {
  const missing = await productsWithoutPriceKey();
  return missing === 0
    ? { check: "products' price key", ok: true, detail: "every product has one" }
    : {
        check: "products' price key",
        ok: false,
        problem:
          `${missing} product${missing === 1 ? " has" : "s have"} no numeric priceCents, so no "more like this" shows ${missing === 1 ? "it" : "them"}: ` +
          "npm run admin -- backfill sets it (safe to run again); one it cannot set has a productPrize that reads as no price, a document the shop does not show: fix or delete it in the console",
      };
}
