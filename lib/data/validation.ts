/**
 * Input rules every adapter enforces before it writes, so a bad input gets the
 * same typed error and changes nothing, whichever backend runs. Forms and
 * server actions reuse these schemas (the admin form, lib/admin/product-form.ts;
 * the cart actions' product id, lib/cart/parse-input.ts; the catalogue's page
 * parameters, lib/catalog/read.ts) so the user sees the same rule the store
 * applies.
 */
import { z } from "zod";
import { StoreError } from "./errors";
import { checkImageUrl } from "./image-url";
import { PRODUCT_TYPES, type CartOwner } from "./types";

// The Content-Security-Policy has no 'unsafe-eval' (docs/SECURITY.md). Left
// to itself, zod probes `Function("")` on its first object parse to decide
// whether to compile parsers; in the browser that probe is a CSP violation
// (blocked and reported). Its interpreter is plenty fast for our inputs.
z.config({ jitless: true });

export const LIMITS = {
  nameMax: 120,
  detailsMax: 2000,
  imageMax: 2048,
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
  queryMax: 100,
  displayNameMax: 80,
  emailMax: 254,
  idMax: 128,
  /** upsertProducts accepts at most this many products in one call. */
  batchMax: 500,
} as const;

// C0/C1 control characters make no sense in a product name and are a classic
// way to smuggle look-alike or terminal-escape payloads; details may keep
// line breaks and tabs.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_CHARS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// Firestore reserves document ids of the form __…__ (it answers INVALID_ARGUMENT
// for them); refusing them here keeps both backends alike: a page gets its 404,
// an action or import a clear invalid_input error, and nothing is written.
const RESERVED_ID = /^__.*__$/;
const RESERVED_ID_MESSAGE = "may not both start and end with __ (reserved)";
const notReserved = (id: string) => !RESERVED_ID.test(id);

export const idSchema = z
  .string({ error: "must be a string" })
  .regex(/^[A-Za-z0-9_-]+$/, "may only contain letters, digits, _ and -")
  .max(LIMITS.idMax, `must be at most ${LIMITS.idMax} characters`)
  .refine(notReserved, RESERVED_ID_MESSAGE);

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), `${label} contains control characters`);

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

const priceSchema = z
  .number({ error: "Price must be a number" })
  .positive("Price must be more than 0")
  .max(LIMITS.priceMax, `Price must be at most ${LIMITS.priceMax}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Price may have at most two decimals");

export const newProductSchema = z.strictObject({
  name: singleLine("Name", LIMITS.nameMax),
  image: imageSchema,
  price: priceSchema,
  details: z
    .string({ error: "Details must be text" })
    .trim()
    .min(1, "Details are required")
    .max(LIMITS.detailsMax, `Details must be at most ${LIMITS.detailsMax} characters`)
    .refine((s) => !CONTROL_CHARS_EXCEPT_WHITESPACE.test(s), "Details contain control characters"),
  type: z.enum(PRODUCT_TYPES, { error: `Type must be one of ${PRODUCT_TYPES.join(", ")}` }),
});

export const productSchema = newProductSchema.extend({
  id: idSchema,
  createdAt: z.number().int().nonnegative(),
});

export const ownerSchema = z
  .string({ error: "Cart owner must be a string" })
  .regex(/^(guest|user):[A-Za-z0-9_-]{1,128}$/, "Cart owner is malformed")
  // The id part is a uid (users/{uid}) or a guest id: the same reserved form is refused.
  .refine((owner) => notReserved(owner.slice(owner.indexOf(":") + 1)), `Cart owner's id ${RESERVED_ID_MESSAGE}`)
  .transform((s) => s as CartOwner);

export const addQuantitySchema = z
  .number({ error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(LIMITS.addQuantityMax, `Quantity must be at most ${LIMITS.addQuantityMax}`);

/** A line's whole quantity, as the cart's stepper sets it. */
export const lineQuantitySchema = z
  .number({ error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(LIMITS.lineQuantityMax, `Quantity must be at most ${LIMITS.lineQuantityMax}`);

/** The revision an edit was made from (ProductRevision.revision). */
export const revisionSchema = z
  .number({ error: "Revision must be a number" })
  .int("Revision must be a whole number")
  .min(0, "Revision must not be negative");

/** A catalogue version a reader last saw (Store.getCatalogChanges). */
export const catalogVersionSchema = z
  .number({ error: "Catalogue version must be a number" })
  .int("Catalogue version must be a whole number")
  .min(0, "Catalogue version must not be negative")
  .max(Number.MAX_SAFE_INTEGER, "Catalogue version is too large");

/** Store.upsertProducts' options: `announce` (default true) records the change in the same commit. */
export const upsertOptionsSchema = z.strictObject({ announce: z.boolean().default(true) });

/** Who made a recorded change: the admin's email (the session's). */
export const changedBySchema = z
  .string({ error: "Who made the change must be text" })
  .trim()
  .min(1, "Who made the change is required")
  .max(LIMITS.emailMax, `Who made the change must be at most ${LIMITS.emailMax} characters`);

export const listLimitSchema = z
  .number({ error: "Limit must be a number" })
  .int("Limit must be a whole number")
  .min(1, "Limit must be at least 1")
  .max(LIMITS.listLimitMax, `Limit must be at most ${LIMITS.listLimitMax}`);

export const searchQuerySchema = z
  .string({ error: "Search must be text" })
  .trim()
  .max(LIMITS.queryMax, `Search must be at most ${LIMITS.queryMax} characters`);

export const newUserSchema = z.strictObject({
  displayName: singleLine("Display name", LIMITS.displayNameMax),
  email: z.email("Email is not valid").max(LIMITS.emailMax),
});

export const productTypeSchema = newProductSchema.shape.type;

/** A search's options (Store.searchProducts): one type or any (null), and how many results at most. */
export const searchOptionsSchema = z.strictObject({
  type: productTypeSchema.nullable(),
  limit: listLimitSchema,
});

/** The random id of one sign-in (next-auth's JWT carries it as `sid`). */
export const sessionIdSchema = z
  .string({ error: "Session id must be a string" })
  .regex(/^[A-Za-z0-9_-]+$/, "Session id may only contain letters, digits, _ and -")
  .max(LIMITS.idMax, `Session id must be at most ${LIMITS.idMax} characters`)
  .refine(notReserved, `Session id ${RESERVED_ID_MESSAGE}`);

// Milliseconds, not seconds: a JWT's `exp` is in seconds, and passing it
// unconverted would be a date in 1970 (below the floor) and revoke nothing.
const MILLIS_FLOOR = Date.UTC(2020, 0, 1);
const REVOCATION_HORIZON_MS = 366 * 24 * 60 * 60 * 1000;

/** When a revocation may be forgotten: the latest moment the revoked session could still be presented. */
export const revocationExpirySchema = z
  .number({ error: "Expiry must be a number" })
  .int("Expiry must be whole milliseconds")
  .min(MILLIS_FLOOR, "Expiry must be milliseconds since the epoch (not seconds)")
  .refine((ms) => ms <= Date.now() + REVOCATION_HORIZON_MS, "Expiry must be within a year from now");

/** Parses or throws StoreError("invalid_input") naming each bad field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : what;
    fields[key] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => (field === what ? message : `${field}: ${message}`))
    .join("; ");
  throw new StoreError("invalid_input", `Invalid ${what}: ${summary}`, fields);
}

// --- Catalogue pages (CatalogPages) and upkeep (CatalogUpkeep) ---

/** A page cursor as a store hands it out (base64url); its content is the adapter's to check. */
export const pageCursorSchema = z
  .string({ error: "Cursor must be text" })
  .min(1, "Cursor must not be empty")
  .max(600, "Cursor must be at most 600 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Cursor is malformed");

export const productPageFilterSchema = z.strictObject({
  type: productTypeSchema.nullable(),
  limit: listLimitSchema,
  after: pageCursorSchema.nullable(),
  final: z.boolean({ error: "final must be true or false" }).optional(),
});

/** A 0-based position in the catalogue's order (the sitemap's parts start mid-catalogue). */
export const catalogPositionSchema = z
  .number({ error: "Position must be a number" })
  .int("Position must be a whole number")
  .min(0, "Position must not be negative")
  .max(100_000_000, "Position must be at most 100,000,000");

/** How many products one page of a backfill scans. */
export const backfillPageSizeSchema = z
  .number({ error: "Page size must be a number" })
  .int("Page size must be a whole number")
  .min(1, "Page size must be at least 1")
  .max(LIMITS.batchMax, `Page size must be at most ${LIMITS.batchMax}`);

// --- Orders, stock and the outbox (order-types.ts) ---

const ORDER_TEXT_MAX = 200;
const optionalLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), `${label} contains control characters`);

export const orderEmailSchema = z
  .string({ error: "Email must be text" })
  .trim()
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .pipe(z.email("Email is not valid"));

const orderContactSchema = z.strictObject({
  email: orderEmailSchema,
  name: singleLine("Name", LIMITS.nameMax),
  phone: optionalLine("Phone", 40).refine(
    (s) => s === "" || /^[0-9+()./ -]{4,40}$/.test(s),
    "Phone may hold digits, spaces and + ( ) - . / only",
  ),
});

const shippingAddressSchema = z.strictObject({
  country: z
    .string({ error: "Country must be text" })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Country must be a two-letter ISO 3166-1 code")),
  line1: singleLine("Address", ORDER_TEXT_MAX),
  line2: optionalLine("Address line 2", ORDER_TEXT_MAX),
  city: singleLine("City", ORDER_TEXT_MAX),
  region: optionalLine("Region", ORDER_TEXT_MAX),
  postalCode: optionalLine("Postal code", 20),
});

/** A checkout's random key: the same owner and key make one order. */
const idempotencyKeySchema = z
  .string({ error: "Idempotency key must be a string" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Idempotency key must be 16 to 64 letters, digits, _ or -");

export const expectedLineSchema = z.strictObject({
  productId: idSchema,
  unitPrice: priceSchema,
  quantity: lineQuantitySchema,
});

const emailDraftSchema = z.strictObject({
  to: orderEmailSchema,
  subject: singleLine("Subject", 300),
  text: z.string({ error: "Text must be text" }).min(1, "Text is required").max(20_000, "Text must be at most 20,000 characters"),
});

/** sha-256 in hex. */
const sha256HexSchema = z.string({ error: "Token hash must be text" }).regex(/^[0-9a-f]{64}$/, "Token hash must be sha-256 in hex");

export const placeOrderInputSchema = z
  .strictObject({
    owner: ownerSchema,
    uid: idSchema.nullable(),
    idempotencyKey: idempotencyKeySchema,
    lines: z
      .array(expectedLineSchema, { error: "Lines must be a list" })
      .min(1, "An order needs at least one line")
      .max(LIMITS.cartLinesMax, `An order has at most ${LIMITS.cartLinesMax} lines`),
    contact: orderContactSchema,
    address: shippingAddressSchema,
    guestTokenHash: sha256HexSchema.nullable(),
    confirmation: emailDraftSchema,
  })
  .refine((input) => new Set(input.lines.map((l) => l.productId)).size === input.lines.length, {
    message: "A product may appear in one line only",
    path: ["lines"],
  })
  .refine((input) => (input.uid === null) !== (input.guestTokenHash === null), {
    message: "A signed-in order has a uid and no guest token; a guest's order the reverse",
    path: ["guestTokenHash"],
  })
  .refine((input) => (input.owner.startsWith("user:") ? input.uid === input.owner.slice(5) : input.uid === null), {
    message: "The uid must be the cart owner's (user:<uid>), and null for a guest's cart",
    path: ["uid"],
  });

/** A reference as typed: letters, digits, dashes and spaces. */
export const referenceQuerySchema = z
  .string({ error: "Reference must be text" })
  .trim()
  .min(1, "Reference is required")
  .max(40, "Reference must be at most 40 characters");

export const stepInputSchema = z.strictObject({
  step: z.enum(["ship", "deliver", "cancel", "record_payment", "refund", "request_return", "accept_return", "refuse_return"], {
    error: "Step is not one an order can take",
  }),
  expectedRevision: revisionSchema,
  by: changedBySchema,
  note: optionalLine("Note", 500),
  email: emailDraftSchema,
});

export const orderListFilterSchema = z.strictObject({
  fulfilment: z.enum(["placed", "shipped", "delivered", "cancelled"]).nullable(),
  payment: z.enum(["due", "paid", "refunded"]).nullable(),
  returnState: z.enum(["requested", "returned", "refused"]).nullable(),
  query: searchQuerySchema,
  limit: listLimitSchema,
  after: pageCursorSchema.nullable(),
});

/** A product's stock: a whole count 0..1,000,000, or null when not tracked. */
export const stockCountSchema = z
  .number({ error: "Stock must be a number" })
  .int("Stock must be a whole number")
  .min(0, "Stock must not be negative")
  .max(1_000_000, "Stock must be at most 1,000,000")
  .nullable();

export const stockProductIdsSchema = z
  .array(idSchema, { error: "Product ids must be a list" })
  .max(LIMITS.batchMax, `At most ${LIMITS.batchMax} products`);

/** Epoch milliseconds as the outbox takes them. */
export const epochMillisSchema = z
  .number({ error: "Time must be a number" })
  .int("Time must be whole milliseconds")
  .min(0, "Time must not be negative")
  .max(8.64e15, "Time is out of range");

export const leaseMsSchema = z
  .number({ error: "Lease must be a number" })
  .int("Lease must be whole milliseconds")
  .min(1, "Lease must be at least 1 ms")
  .max(60 * 60 * 1000, "Lease must be at most an hour");

export const sendErrorSchema = z.string({ error: "Error must be text" }).transform((s) => s.slice(0, 1000));
