/**
 * How the home page slices the catalogue (spec §9, DECISIONS: "read as
 * positions 1-6, 7-15, 16-24, 25-29, 30-32, 33-36, 37-40"). Pure: no I/O, so the
 * page and the unit tests share it.
 */

/** A slice by 1-based, inclusive positions in the catalogue's order. */
interface SliceSpec {
  from: number;
  to: number;
}

const PRICE_CARD_SLICE: SliceSpec = { from: 1, to: 6 };

const PRODUCT_CAROUSEL_SLICES = [
  { from: 7, to: 15, title: "Popular products in Apparel internationally" },
  { from: 16, to: 24, title: "Related to items you have viewed" },
] as const;

const SINGLE_CAROUSEL_SLICES: readonly SliceSpec[] = [
  { from: 25, to: 29 },
  { from: 30, to: 32 },
  { from: 33, to: 36 },
  { from: 37, to: 40 },
];

/** The last position the home page shows; later products live on other pages. */
export const HOME_LAST_POSITION = 40;

interface HomeSections<T> {
  /** Positions 1-6, shown as price cards. */
  priceCards: T[];
  /** The titled product carousels that have at least one product. */
  carousels: Array<{ title: string; products: T[] }>;
  /** The single-item carousels that have at least one product. */
  singles: T[][];
}

function take<T>(items: readonly T[], { from, to }: SliceSpec): T[] {
  return items.slice(from - 1, to);
}

/** Splits the catalogue (in display order) into the home page's sections; empty sections are left out. */
export function homeSections<T>(products: readonly T[]): HomeSections<T> {
  return {
    priceCards: take(products, PRICE_CARD_SLICE),
    carousels: PRODUCT_CAROUSEL_SLICES.map((slice) => ({ title: slice.title, products: take(products, slice) })).filter(
      (carousel) => carousel.products.length > 0,
    ),
    singles: SINGLE_CAROUSEL_SLICES.map((slice) => take(products, slice)).filter((items) => items.length > 0),
  };
}
