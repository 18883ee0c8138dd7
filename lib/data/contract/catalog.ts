/**
 * The catalogue's shapes: a product (declared once, as its schema; the type
 * is what the schema outputs), its revision and recorded changes, and what a
 * catalogue write changed. The store's methods over them: catalog-store.ts.
 */
import { centsOfDollars } from "./money";
import { CONTROL_CHARS_EXCEPT_WHITESPACE, idSchema, singleLine } from "./fields";
import { checkImageUrl } from "./image-url";
import { LIMITS } from "./limits";
import { z } from "./zod";

/**
 * A product id as it enters the shop (a route's parameter, an action's
 * argument, the proxy's path), parsed once there: the brand tells every
 * layer below that it was checked, so none checks it again. The store's door
 * keeps its own check, the contract's, for every caller alike.
 */
export const productIdSchema = idSchema.min(1).brand<"ProductId">();
export type ProductId = z.output<typeof productIdSchema>;

/** `value` as a ProductId, or null when it is not one (a malformed id names no product). */
export function parseProductId(value: unknown): ProductId | null {
  const parsed = productIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const PRODUCT_TYPES = ["Electronics", "Accessories", "Book", "Sport"] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES, { error: `Type must be one of ${PRODUCT_TYPES.join(", ")}` });
export type ProductType = z.output<typeof productTypeSchema>;

export { CATALOG_SORTS, type CatalogSort } from "./catalog-sorts";

// A path under public/. "//host/x.jpg" is a protocol-relative URL to another
// host (and next/image refuses it), so a second leading slash is not local.
const LOCAL_IMAGE = /^\/(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/;
const IMAGE_TOO_LONG = `Image URL must be at most ${LIMITS.imageMax} characters`;

/**
 * A local path under public/ (kept as typed) or an https image address,
 * stored in its normal form (image-url.ts says which addresses pass and why).
 */
export const imageSchema = z
  .string({ error: "Image must be text" })
  .trim()
  .min(1, "Image is required")
  .max(LIMITS.imageMax, IMAGE_TOO_LONG)
  .transform((value, ctx) => {
    if (LOCAL_IMAGE.test(value)) return value;
    const checked = checkImageUrl(value);
    if (!checked.ok) {
      ctx.issues.push({ code: "custom", message: checked.message, input: value });
      return z.NEVER;
    }
    // The normal form escapes what was typed raw (a space is three characters), so it is measured again.
    if (checked.href.length > LIMITS.imageMax) {
      ctx.issues.push({ code: "custom", message: IMAGE_TOO_LONG, input: value });
      return z.NEVER;
    }
    return checked.href;
  });

/** One of a product's images: its address and the words read in its place (alt text). */
export const productImageSchema = z.strictObject({
  src: imageSchema,
  alt: singleLine("Alt text", LIMITS.imageAltMax),
});
export type ProductImage = z.output<typeof productImageSchema>;

/** A product's images in the order shown, each once: the first is its card image. */
const productImagesSchema = z
  .array(productImageSchema, { error: "Images must be a list" })
  .min(1, "Image is required")
  .max(LIMITS.imagesMax, `A product has at most ${LIMITS.imagesMax} images`)
  .refine((images) => new Set(images.map((image) => image.src)).size === images.length, "The same image is listed twice");

/**
 * The image a product shows where it shows one (a card, a cart line, an
 * order, a feed): the first of its images.
 */
export function cardImageOf(product: { images: readonly ProductImage[] }): string {
  return product.images[0].src;
}

/** A price in whole US cents (DECISIONS "Money"): more than 0, at most LIMITS.priceMax dollars. */
export const priceCentsSchema = z
  .number({ error: "Price must be a number" })
  .int("Price must be a whole number of cents")
  .positive("Price must be more than 0")
  .max(LIMITS.priceMax * 100, `Price must be at most ${LIMITS.priceMax}`);

/**
 * A price in dollars as a person types it or a catalogue holds it, read into
 * whole cents (money.ts): more than 0, at most LIMITS.priceMax, at
 * most two decimals (never rounded into an amount).
 */
export const dollarPriceSchema = z
  .number({ error: "Price must be a number" })
  .positive("Price must be more than 0")
  .max(LIMITS.priceMax, `Price must be at most ${LIMITS.priceMax}`)
  .transform((dollars, ctx) => {
    const cents = centsOfDollars(dollars);
    if (cents !== null) return cents;
    ctx.issues.push({ code: "custom", message: "Price may have at most two decimals", input: dollars });
    return z.NEVER;
  });

/** A product's editable fields: what the admin form, an import and a recorded change hold. */
export const newProductSchema = z.strictObject({
  name: singleLine("Name", LIMITS.nameMax),
  images: productImagesSchema,
  /** Whole US cents (a form or an import gives dollars: dollarPriceSchema). */
  priceCents: priceCentsSchema,
  details: z
    .string({ error: "Details must be text" })
    .trim()
    .min(1, "Details are required")
    .max(LIMITS.detailsMax, `Details must be at most ${LIMITS.detailsMax} characters`)
    .refine((s) => !CONTROL_CHARS_EXCEPT_WHITESPACE.test(s), "Details contain control characters"),
  type: productTypeSchema,
});
export type NewProduct = z.output<typeof newProductSchema>;

/** The product's editable fields, as a recorded change keeps them (the admin form's list, lib/admin/product-form-fields.ts, must name each). */
export const PRODUCT_FIELDS = newProductSchema.keyof().options;

/** A catalogue product, with clean names (Firestore keeps the spec's names). */
export const productSchema = newProductSchema.extend({
  id: idSchema,
  /** Milliseconds since the epoch; the catalogue is listed newest first. */
  createdAt: z.number().int().nonnegative(),
});
export type Product = z.output<typeof productSchema>;

/**
 * A product as a person types it (the admin form) or a catalogue holds it
 * (an import): its `price` in dollars, whose output is already whole cents;
 * inCents names it priceCents.
 */
export const newProductInDollarsSchema = newProductSchema.omit({ priceCents: true }).extend({ price: dollarPriceSchema });
export const productInDollarsSchema = productSchema.omit({ priceCents: true }).extend({ price: dollarPriceSchema });

/** A product read in dollars (its `price` output is whole cents) as the contract's shape. */
export function inCents<T extends { price: number }>({ price, ...fields }: T): Omit<T, "price"> & { priceCents: number } {
  return { ...fields, priceCents: price };
}

/**
 * A product with its revision: a counter every edit (and every import over
 * it) bumps. An admin's edit or delete names the revision it was made from,
 * so a save over someone else's newer change is refused, never lost.
 */
export interface ProductRevision {
  product: Product;
  revision: number;
}

/** One recorded change to a product: who, when, and its fields before and after. */
export interface ProductChange {
  productId: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** Who made it: the admin's email. */
  by: string;
  action: "create" | "update" | "delete";
  /** null for a create. */
  before: NewProduct | null;
  /** null for a delete. */
  after: NewProduct | null;
}

/**
 * What one catalogue write changed, recorded in the same commit with the
 * version it raised the catalogue to (lib/data/rules/catalog-changes.ts).
 */
export interface CatalogChange {
  /** The catalogue's version this change raised it to. */
  version: number;
  /** The products added, edited or deleted; null: any product may have changed (an import, an edit made outside the shop). */
  products: string[] | null;
  /**
   * The types whose lists it changed: an added or deleted product's type;
   * an edit's type before and after when it moved; an edit in place, its
   * type alone (its price or name may move it in that type's sorted lists:
   * ../data/rules/catalog-changes.ts, isEditInPlace).
   */
  types: ProductType[];
  /** Whether products were added or deleted, so every "newest" list and the sitemap may differ. */
  listed: boolean;
}

/** What changed between a version a reader saw and the catalogue's version now. */
export interface CatalogChanges {
  /** The catalogue's version now. */
  version: number;
  /** The changes after the version asked about, oldest first; null when more changed than is kept. */
  changes: CatalogChange[] | null;
}
