/**
 * The doctor's checks of the keys listings order products by, on every
 * product (lib/data/firestore: documents written before a key existed lack
 * it until `npm run admin -- backfill` sets it): a listing's ordered query
 * leaves out a document without its key.
 */
import type { Verdict } from "./doctor";

const BACKFILL = "npm run admin -- backfill sets it (safe to run again)";

interface SortKey {
  check: string;
  /** What a product lacks, in words. */
  lacks: string;
  /** Which listings leave such a product out. */
  leftOutOf: string;
  /** What to do, after the backfill, with one it cannot set (none said when it sets every one). */
  otherwise?: string;
}

async function sortKeyVerdict({ check, lacks, leftOutOf, otherwise }: SortKey, countMissing: () => Promise<number>): Promise<Verdict> {
  const missing = await countMissing();
  if (missing === 0) return { check, ok: true, detail: "every product has one" };
  const one = missing === 1;
  return {
    check,
    ok: false,
    problem:
      `${missing} product${one ? " has" : "s have"} ${lacks}, so ${leftOutOf} shows ${one ? "it" : "them"}: ` +
      BACKFILL +
      (otherwise ? `; ${otherwise}` : ""),
  };
}

/** Every product has a createdAt: an ordered page (home, categories, the sitemap, the admin list) leaves out one without. */
export const createdAtVerdict = (countMissing: () => Promise<number>) =>
  sortKeyVerdict({ check: "products' createdAt", lacks: "no createdAt", leftOutOf: "no listing" }, countMissing);

/** Every product has a name key: a listing sorted by name leaves out one without. */
export const nameKeyVerdict = (countMissing: () => Promise<number>) =>
  sortKeyVerdict(
    {
      check: "products' name key",
      lacks: "no nameKey",
      leftOutOf: "no listing sorted by name",
      otherwise: "one it cannot set has no productName as text, a document the shop does not show: fix or delete it in the console",
    },
    countMissing,
  );

/** Every product has a numeric priceCents: "more like this" and a listing sorted by price leave out one without. */
export const priceKeyVerdict = (countMissing: () => Promise<number>) =>
  sortKeyVerdict(
    {
      check: "products' price key",
      lacks: "no numeric priceCents",
      leftOutOf: 'no "more like this" and no listing sorted by price',
      otherwise:
        "one it cannot set has a productPrize that reads as no price, a document the shop does not show: fix or delete it in the console",
    },
    countMissing,
  );

/** Every product has an in-stock flag: a filtered listing (a price range, "in stock only") leaves out one without. */
export const stockFlagVerdict = (countMissing: () => Promise<number>) =>
  sortKeyVerdict(
    { check: "products' in-stock flag", lacks: "no inStock flag", leftOutOf: "no filtered listing (a price range or in stock only)" },
    countMissing,
  );
