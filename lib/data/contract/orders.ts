/**
 * An order's shapes (DECISIONS "Orders"), each declared once as its schema:
 * its lines, contact, address, history and the order itself, and the inputs
 * of the store's order methods (order-store.ts), which the validation door
 * parses. Its states and steps are order-states.ts's table. Money is whole
 * US cents (money.ts); times are milliseconds since the epoch.
 */
import { ownerSchema, lineQuantitySchema } from "./cart";
import { priceCentsSchema } from "./catalog";
import { changedBySchema, CONTROL_CHARS, idSchema, LAYOUT_CONTROLS, optionalLine, revisionSchema, sha256HexSchema } from "./fields";
import { ADDRESS_LIMITS, LIMITS } from "./limits";
import { FULFILMENT_STATES, ORDER_STEPS, PAYMENT_STATES, RETURN_STATES } from "./order-states";
import { cardRefundSchema, cardSessionIdSchema, paymentMethodSchema, refundStepSchema } from "./payment-fields";
import type { EmailDraft } from "./outbox";
import { discountCodeSchema } from "./discounts";
import { isUsState } from "./us-states";
import { z } from "./zod";

const fulfilmentSchema = z.enum(FULFILMENT_STATES);
/** An amount of an order in whole cents, never negative. */
const centsSchema = z.number().int().nonnegative();
const paymentSchema = z.enum(PAYMENT_STATES);
const returnStateSchema = z.enum(RETURN_STATES);

/**
 * One field of an order's contact or address, in the words a shopper reads at
 * checkout (the form shows these messages as they are): trimmed, without
 * control characters (they would reach the email's text) nor text-direction
 * controls and line separators (they would reorder or break it), at most `max`.
 */
function personField(label: string, max: number, required: boolean) {
  const field = z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARS.test(value), `${label} may not contain control characters.`)
    .refine((value) => !LAYOUT_CONTROLS.test(value), `${label} may not contain text-direction controls or line separators.`);
  return required ? field.refine((value) => value !== "", `Enter your ${label.toLowerCase()}.`) : field;
}

export const orderContactSchema = z.strictObject({
  email: z
    .string({ error: "Email must be text." })
    .trim()
    .min(1, "Enter your email address.")
    .max(ADDRESS_LIMITS.emailMax, `Email must be at most ${ADDRESS_LIMITS.emailMax} characters.`)
    .pipe(z.email("Enter an email address like name@example.com.")),
  name: personField("Full name", ADDRESS_LIMITS.nameMax, true),
  /** "" when not given. */
  phone: personField("Phone", ADDRESS_LIMITS.phoneMax, false).refine(
    (value) => value === "" || /^\+?[0-9 ()./-]{4,}$/.test(value),
    "Enter a phone number of digits, spaces and + ( ) - . /",
  ),
});
export type OrderContact = z.output<typeof orderContactSchema>;

/** An address's fields, each by its own rule; shippingAddressSchema adds the rule across them. */
export const addressFieldsSchema = z.strictObject({
  /** ISO 3166-1 alpha-2, upper case ("US", "DE"). */
  country: z
    .string({ error: "Country must be text." })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Choose a country.")),
  line1: personField("Address", ADDRESS_LIMITS.lineMax, true),
  /** "" when not given. */
  line2: personField("Address line 2", ADDRESS_LIMITS.lineMax, false),
  city: personField("City", ADDRESS_LIMITS.cityMax, true),
  /** State, province or county; "" when the country has none. In the United States the state's USPS code ("IL"), required. */
  region: personField("State, province or county", ADDRESS_LIMITS.regionMax, false),
  /** "" where the country has none. */
  postalCode: personField("Postal code", ADDRESS_LIMITS.postalCodeMax, false),
});

/**
 * An address in the United States names its state by its code
 * (us-states.ts: the 50 states and DC): shipping is priced by state
 * (shipping.ts) and a letter needs it. Elsewhere the region is as typed.
 */
export function usStateIssue(address: { country: string; region: string }): string | null {
  return address.country === "US" && !isUsState(address.region) ? "Choose your state." : null;
}

export const shippingAddressSchema = addressFieldsSchema.superRefine((address, ctx) => {
  const issue = usStateIssue(address);
  if (issue) ctx.addIssue({ code: "custom", path: ["region"], message: issue });
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** What an erased order keeps of its contact and address: nothing of the person (../rules/order-rules.ts, erasedOrder). */
const erasedContactSchema = z.strictObject({ email: z.literal("erased"), name: z.literal(""), phone: z.literal("") });
const erasedAddressSchema = z.strictObject({
  country: z.literal(""),
  line1: z.literal(""),
  line2: z.literal(""),
  city: z.literal(""),
  region: z.literal(""),
  postalCode: z.literal(""),
});

const orderLineSchema = z.strictObject({
  productId: idSchema,
  /** The product's name, image and price as the order was placed (what the shopper saw and agreed to). */
  name: z.string(),
  image: z.string(),
  unitPriceCents: priceCentsSchema,
  quantity: lineQuantitySchema,
});
export type OrderLine = z.output<typeof orderLineSchema>;

/** One recorded step of an order: who took it, when, and the state before and after. */
const orderEventSchema = z.strictObject({
  at: z.number(),
  /** "shopper" for the order's owner, an admin's email, or "system". */
  by: z.string(),
  step: z.enum([...ORDER_STEPS, "place"]),
  /** A short description of the state before and after, e.g. "placed" → "shipped". */
  from: z.string(),
  to: z.string(),
  /** The tracking number of a ship step, the reason of a return request; "" otherwise. */
  note: z.string(),
});
export type OrderEvent = z.output<typeof orderEventSchema>;

export const orderSchema = z.strictObject({
  /** Random, unguessable, the order's address (/orders-page/{id}). */
  id: idSchema,
  /**
   * What a person reads aloud: 3 groups of 4 letters and digits without
   * look-alikes (e.g. "K7PM-2QX9-HT4D"), random, unique, never sequential.
   */
  reference: z.string(),
  /** The cart it was placed from. */
  owner: ownerSchema,
  /** The signed-in shopper's uid; null for a guest's order (joined by verified email, lib/orders). */
  uid: idSchema.nullable(),
  /**
   * sha-256 (hex) of each token that opens a guest's order: the checkout's
   * link first, then each new link asked for ("find my order", addOrderLink),
   * at most LIMITS.guestLinksMax; [] for an order placed signed in.
   */
  guestTokenHashes: z.array(sha256HexSchema),
  lines: z.array(orderLineSchema),
  /** Sum of unitPriceCents × quantity over the lines. */
  subtotalCents: centsSchema,
  /** What shipping was charged (rules/shipping.ts: the zone's rate, 0 over its free-over threshold). */
  shippingCents: centsSchema,
  /** The name of the zone that priced the shipping, as it was then; "" for an order from before zones (its shipping was free). */
  shippingZone: z.string(),
  /** The discount code used ("" for none, and for an order from before codes) and what it took off the goods. */
  discountCode: z.string(),
  discountCents: centsSchema,
  /** The sales tax charged (rules/sales-tax.ts); 0 outside the US, and for an order from before tax. */
  taxCents: centsSchema,
  /** Its rate in thousandths of a percent (6250: 6.25 %) for the address's state; 0 where none was due. */
  taxRate: z.number().int().min(0).max(100_000),
  /** subtotalCents − discountCents + shippingCents + taxCents (rules/bill.ts). */
  totalCents: centsSchema,
  /** The erased form once the customer's personal data was erased (erasedAt). */
  contact: z.union([orderContactSchema, erasedContactSchema]),
  address: z.union([shippingAddressSchema, erasedAddressSchema]),
  fulfilment: fulfilmentSchema,
  payment: paymentSchema,
  paymentMethod: paymentMethodSchema,
  /** The Stripe Checkout Session a card order is paid through now (an older one's events change nothing); else null. */
  cardSession: cardSessionIdSchema.nullable(),
  /** A card order's refunds through Stripe, oldest first (payment-fields.ts); [] for every other order. */
  cardRefunds: z.array(cardRefundSchema),
  /** Set by the ship step. */
  trackingNumber: z.string().nullable(),
  returnState: returnStateSchema.nullable(),
  returnReason: z.string().nullable(),
  placedAt: z.number(),
  deliveredAt: z.number().nullable(),
  /** Raised by every step; a step names the revision it was decided on (the product editor's rule). */
  revision: revisionSchema,
  /** Oldest first, starting with the "place" event. */
  history: z.array(orderEventSchema),
  /** Set when the customer's personal data was erased (contact and address blanked, figures kept). */
  erasedAt: z.number().nullable(),
});
export type Order = z.output<typeof orderSchema>;

/**
 * An email written from the order it tells of: the store calls it inside
 * the transaction that writes the order (a placement, a step), with the
 * order as written, and puts what it returns in the outbox in that same
 * transaction. So an email says what the order says, and nothing a shopper
 * typed is ever read as a template.
 */
export type EmailOfOrder = (order: Order) => EmailDraft;
const emailOfOrderSchema = z.custom<EmailOfOrder>((value) => typeof value === "function", "must write the email from the order");

/** A line as the checkout page showed it: the order is refused when the store no longer agrees. */
export const expectedLineSchema = z.strictObject({
  productId: idSchema,
  unitPriceCents: priceCentsSchema,
  quantity: lineQuantitySchema,
});
export type ExpectedLine = z.output<typeof expectedLineSchema>;

/** A checkout's random key: the same owner and key make one order. */
const idempotencyKeySchema = z
  .string({ error: "Idempotency key must be a string" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Idempotency key must be 16 to 64 letters, digits, _ or -");

export const placeOrderInputSchema = z
  .strictObject({
    owner: ownerSchema,
    uid: idSchema.nullable(),
    /** A random key the checkout page carries; the same owner and key make one order however often it is sent. */
    idempotencyKey: idempotencyKeySchema,
    /** The shipping the checkout page showed for this address and these lines; refused when the store's zones price it otherwise. */
    shippingCents: centsSchema,
    /** The sales tax the checkout page showed; refused when the store's bill says otherwise. */
    taxCents: centsSchema,
    /** How the order is paid: on delivery (payment due), or by card (awaiting Stripe's word). */
    paymentMethod: paymentMethodSchema,
    /** The discount code the shopper entered (discounts.ts), upper-cased; null for none. */
    discountCode: discountCodeSchema.nullable(),
    /** What the checkout page showed it takes off (0 without a code); refused when the code gives another amount now. */
    discountCents: centsSchema,
    /** The cart's lines as shown on the checkout page, at the prices shown. */
    lines: z
      .array(expectedLineSchema, { error: "Lines must be a list" })
      .min(1, "An order needs at least one line")
      .max(LIMITS.cartLinesMax, `An order has at most ${LIMITS.cartLinesMax} lines`),
    contact: orderContactSchema,
    address: shippingAddressSchema,
    /** sha-256 (hex) of the token in a guest's link (lib/orders makes the token); null when signed in. */
    guestTokenHash: sha256HexSchema.nullable(),
    /** The confirmation email, written from the new order into the outbox in the order's transaction. */
    confirmation: emailOfOrderSchema,
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
export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;

/** A new link to an order (OrderStore.addOrderLink): the hash of a guest's new token, and the email that carries the link. */
export const orderLinkInputSchema = z.strictObject({
  /** sha-256 (hex) of the new token of a guest's order; null for an order placed signed in (its link opens to the account). */
  tokenHash: sha256HexSchema.nullable(),
  /** The email carrying the new link, written from the order as stored and put in the outbox in the same transaction. */
  email: emailOfOrderSchema,
});
export type OrderLinkInput = z.output<typeof orderLinkInputSchema>;

/** A reference as typed: letters, digits, dashes and spaces. */
export const referenceQuerySchema = z
  .string({ error: "Reference must be text" })
  .trim()
  .min(1, "Reference is required")
  .max(40, "Reference must be at most 40 characters");

export const stepInputSchema = z.strictObject({
  step: z.enum(ORDER_STEPS, { error: "Step is not one an order can take" }),
  /** The order's revision the step was decided on; conflict when it moved since. */
  expectedRevision: revisionSchema,
  /** An admin's email, or "shopper" for request_return. */
  by: changedBySchema,
  /** The tracking number (ship), the reason (request_return), the Stripe event a webhook step applies; "" otherwise. */
  note: optionalLine("Note", 500),
  /** A refund step's refund (card-steps.ts); absent for every other step. */
  refund: refundStepSchema.optional(),
  /** The email telling the shopper, written from the order after the step into the outbox in the step's transaction. */
  email: emailOfOrderSchema,
});
export type StepInput = z.output<typeof stepInputSchema>;
