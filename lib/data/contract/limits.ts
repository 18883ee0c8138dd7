/** The store's limits, one place: the schemas, the forms and the messages read them from here. */
export const LIMITS = {
  nameMax: 120,
  detailsMax: 2000,
  imageMax: 2048,
  /** A product shows at most this many images, the first its card image. */
  imagesMax: 8,
  /** An image's alt text, the words a screen reader reads in its place. */
  imageAltMax: 200,
  priceMax: 1_000_000,
  /** A cart line never holds more than this many units. */
  lineQuantityMax: 999,
  /** One add never adds more than this many units. */
  addQuantityMax: 99,
  /** A cart never holds more than this many lines (different products); more units of a line still fit. */
  cartLinesMax: 100,
  /** A cart line copies at most this many characters of its product's details. */
  cartDetailsMax: 200,
  listLimitMax: 100,
  /**
   * A search ranks at most this many products (the newest name matches, then
   * details matches): every sort, filter and page of a query's results is
   * drawn from them (lib/catalog/search-view.ts).
   */
  searchResultsMax: 200,
  queryMax: 100,
  displayNameMax: 80,
  emailMax: 254,
  idMax: 128,
  /** upsertProducts accepts at most this many products in one call. */
  batchMax: 500,
  /**
   * A guest's order keeps at most this many link tokens (hashed): the
   * checkout's, and the newest asked for since ("find my order"); an older
   * one asked for stops opening the order once this many newer ones were.
   */
  guestLinksMax: 10,
} as const;

/** An order's contact and address fields: what the checkout form asks for and the store keeps. */
export const ADDRESS_LIMITS = {
  emailMax: LIMITS.emailMax,
  nameMax: 100,
  phoneMax: 30,
  lineMax: 100,
  cityMax: 80,
  regionMax: 80,
  postalCodeMax: 16,
} as const;
