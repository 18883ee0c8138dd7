/**
 * Carts: whose cart (the owner), a line (declared once, as its schema), and
 * the store's cart methods. The rules both adapters keep for carts (caps,
 * expiry, merges) are in ../rules/cart-bounds.ts and cart-merge-plan.ts.
 */
import type { Unsubscribe } from "./feeds";
import { notReserved, RESERVED_ID_MESSAGE } from "./fields";
import { LIMITS } from "./limits";
import { z } from "./zod";

/**
 * Who a cart belongs to: `guest:<random id>` (cookie) or `user:<uid>`. The
 * prefix keeps the two namespaces apart (../rules/owner.ts builds them).
 */
export const ownerSchema = z
  .string({ error: "Cart owner must be a string" })
  .regex(/^(guest|user):[A-Za-z0-9_-]{1,128}$/, "Cart owner is malformed")
  // The id part is a uid (users/{uid}) or a guest id: the same reserved form is refused.
  .refine((owner) => notReserved(owner.slice(owner.indexOf(":") + 1)), `Cart owner's id ${RESERVED_ID_MESSAGE}`)
  .pipe(z.templateLiteral([z.enum(["guest", "user"]), ":", z.string()]));
export type CartOwner = z.output<typeof ownerSchema>;

/** How many units one add adds. */
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

/** A line's quantity as it enters the shop (an action's argument, a form's field), parsed once there. */
export const lineQuantityInputSchema = lineQuantitySchema.brand<"LineQuantity">();
export type LineQuantity = z.output<typeof lineQuantityInputSchema>;

/** One cart line, as the store keeps it. */
export const cartItemSchema = z.strictObject({
  productId: z.string(),
  /** Snapshot of the product when it was first added (as the spec stores it). */
  name: z.string(),
  /** Whole US cents. */
  priceCents: z.number().int(),
  image: z.string(),
  /** The product's details, shortened to their first LIMITS.cartDetailsMax characters. */
  details: z.string(),
  quantity: lineQuantitySchema,
  addedAt: z.number(),
  /**
   * When the line is forgotten (ms since the epoch): a guest's lines 30 days
   * after the last change to the guest's cart, all of them at once; null for
   * an account's lines, which are kept. A line past it is in no read.
   */
  expiresAt: z.number().nullable(),
});
export type CartItem = z.output<typeof cartItemSchema>;

export interface LineAddResult {
  item: CartItem;
  /** true when the product was not in the cart before this call. */
  created: boolean;
}

/** What a merge of carts did. */
export interface MergeResult {
  /** The cart merged into, whole, after the merge. */
  items: CartItem[];
  /**
   * The guest lines left out because the cart would have passed
   * LIMITS.cartLinesMax lines (the oldest of the new ones, by addedAt), as
   * they were in the guest cart: the shopper is told which.
   */
  dropped: CartItem[];
}

/**
 * Carts, always of one owner. The store speaks of lines: "add to cart" is the
 * shopper's verb (the browser's cart state), addToCartAction the server action.
 */
export interface CartStore {
  listCart(owner: CartOwner): Promise<CartItem[]>;
  /**
   * Whether the owner has at least one cart line; one read. The live stream
   * asks it first, so no cart listener is opened for a cart that does not exist.
   */
  hasCart(owner: CartOwner): Promise<boolean>;
  /** Atomically adds `quantity` (default 1) of a product to its line, creating the line if needed. */
  addToLine(owner: CartOwner, productId: string, quantity?: number): Promise<LineAddResult>;
  /**
   * Sets a line's quantity (1..999) in one contention-safe write. null when the
   * owner has no line for the product; not_found when the product no longer
   * exists (a line of a deleted product can only be removed).
   */
  setLineQuantity(owner: CartOwner, productId: string, quantity: number): Promise<CartItem | null>;
  /** false when the line did not exist. */
  removeLine(owner: CartOwner, productId: string): Promise<boolean>;
  /**
   * Moves the guest's lines into the user's cart and empties the guest cart.
   * A line of a product the user's cart has adds its quantity (capped at
   * LIMITS.lineQuantityMax); the others become new lines while the cart
   * stays within LIMITS.cartLinesMax lines, newest first, and the rest are
   * dropped (listed in the result). The user's lines are all kept; the
   * moved ones take the user's cart's expiry (an account's: none).
   */
  mergeCarts(from: CartOwner, into: CartOwner): Promise<MergeResult>;
  /** Called with the owner's whole cart after every change to it. */
  watchCart(owner: CartOwner, onChange: (items: CartItem[]) => void): Unsubscribe;
}
