/**
 * The one validation door: every argument of every Store call is checked here,
 * once, for whichever adapter is behind it. A bad input is a StoreError
 * ("invalid_input") naming the field, raised before the adapter runs, so
 * nothing is written. Adapters receive parsed values (trimmed, defaults
 * applied) and keep only the checks that protect their storage itself.
 *
 * Each backend's public factory (sqlite/store.ts, firestore/store.ts) returns
 * its adapter behind this door; lint keeps the bare adapters inside lib/data.
 */
import { StoreError } from "./contract/errors";
import type { OrderStore, StockStore } from "./contract/order-store";
import type { OutboxStore } from "./contract/outbox";
import type { CartStore } from "./contract/cart";
import type { CatalogPages, CatalogStore, CatalogUpkeep } from "./contract/catalog-store";
import type { SessionStore } from "./contract/sessions";
import { payOnDeliverySchema, type PaymentSettingsStore } from "./contract/payment-settings";
import { salesDoor } from "./sales-door";
import { traced } from "./traced-store";
import { shippingZonesSchema, type ShippingStore } from "./contract/shipping";
import { disabledSchema, discountCodeSchema, newDiscountSchema, type DiscountStore } from "./contract/discounts";
import type { Store } from "./contract/store";
import type { UserStore } from "./contract/users";
import { makeDefaultSchema, savedAddressInputSchema, type AddressBookStore } from "./contract/address-book";
import { LIMITS } from "./contract/limits";
import {
  epochMillisSchema,
  emailSchema,
  changedBySchema,
  idSchema,
  listLimitSchema,
  revisionSchema,
  searchQuerySchema,
} from "./contract/fields";
import { emailDraftSchema, leaseMsSchema, sendErrorSchema } from "./contract/outbox";
import { cardSessionIdSchema } from "./contract/payment-fields";
import { orderListFilterSchema } from "./contract/order-list-filter";
import { orderLinkInputSchema, placeOrderInputSchema, referenceQuerySchema, stepInputSchema, type EmailOfOrder } from "./contract/orders";
import { stockCountSchema, stockProductIdsSchema } from "./contract/order-store";
import { addQuantitySchema, lineQuantitySchema, ownerSchema } from "./contract/cart";
import {
  backfillPageSizeSchema,
  catalogVersionSchema,
  nearestInPriceSchema,
  productPageAtSchema,
  filteredPageSchema,
  filteredCountSchema,
  productPageFilterSchema,
  searchOptionsSchema,
  upsertOptionsSchema,
} from "./contract/catalog-store";
import { newProductSchema, productSchema, productTypeSchema } from "./contract/catalog";
import { newUserSchema } from "./contract/users";
import { parseOrThrow } from "./contract/parse";
import { instantSchema, revocationExpirySchema, sessionIdSchema } from "./contract/sessions";

const productId = (id: unknown) => parseOrThrow(idSchema, id, "product id");
const owner = (value: unknown) => parseOrThrow(ownerSchema, value, "cart owner");
const limit = (value: unknown) => parseOrThrow(listLimitSchema, value, "limit");
const revision = (value: unknown) => parseOrThrow(revisionSchema, value, "revision");
const changedBy = (value: unknown) => parseOrThrow(changedBySchema, value, "who made the change");

function catalogDoor(inner: Store): CatalogStore {
  return {
    listProducts: () => inner.listProducts(),
    getCatalogVersion: () => inner.getCatalogVersion(),
    getCatalogChanges: async (since) => inner.getCatalogChanges(parseOrThrow(catalogVersionSchema, since, "catalogue version")),
    markCatalogChanged: () => inner.markCatalogChanged(),
    getProduct: async (id) => inner.getProduct(productId(id)),
    listProductsByType: async (type, max) => inner.listProductsByType(parseOrThrow(productTypeSchema, type, "product type"), limit(max)),
    searchProducts: async (query, options) =>
      inner.searchProducts(parseOrThrow(searchQuerySchema, query, "search"), parseOrThrow(searchOptionsSchema, options, "search options")),
    addProduct: async (input, by) =>
      inner.addProduct(parseOrThrow(newProductSchema, input, "product"), by === undefined ? undefined : changedBy(by)),
    getProductRevision: async (id) => inner.getProductRevision(productId(id)),
    updateProduct: async (id, input, expected, by) =>
      inner.updateProduct(productId(id), parseOrThrow(newProductSchema, input, "product"), revision(expected), changedBy(by)),
    deleteProduct: async (id, expected, by) => inner.deleteProduct(productId(id), revision(expected), changedBy(by)),
    listProductChanges: async (id, max) => inner.listProductChanges(productId(id), limit(max)),
    upsertProducts: async (products, options) => {
      if (!Array.isArray(products) || products.length > LIMITS.batchMax) {
        throw new StoreError("invalid_input", `Upsert takes an array of at most ${LIMITS.batchMax} products`);
      }
      const { announce } = parseOrThrow(upsertOptionsSchema, options ?? {}, "upsert options");
      return inner.upsertProducts(
        products.map((p, i) => parseOrThrow(productSchema, p, `product ${i + 1}`)),
        { announce },
      );
    },
    watchCatalog: (onChange, onListening) => inner.watchCatalog(onChange, onListening),
  };
}

function catalogPagesDoor(inner: Store): CatalogPages & CatalogUpkeep {
  return {
    listProductsPage: async (filter) => inner.listProductsPage(parseOrThrow(productPageFilterSchema, filter, "page")),
    listProductsPageAt: async (at) => inner.listProductsPageAt(parseOrThrow(productPageAtSchema, at, "page")),
    countProducts: async (type) => inner.countProducts(parseOrThrow(productTypeSchema.nullable(), type, "product type")),
    listFilteredProducts: async (page) => inner.listFilteredProducts(parseOrThrow(filteredPageSchema, page, "page")),
    countFilteredProducts: async (of) => inner.countFilteredProducts(parseOrThrow(filteredCountSchema, of, "count")),
    listNearestInPrice: async (around, max) =>
      inner.listNearestInPrice(parseOrThrow(nearestInPriceSchema, around, "products near"), limit(max)),
    countProductsWithoutCreatedAt: () => inner.countProductsWithoutCreatedAt(),
    countProductsWithoutPriceKey: () => inner.countProductsWithoutPriceKey(),
    countProductsWithoutNameKey: () => inner.countProductsWithoutNameKey(),
    countProductsWithoutStockFlag: () => inner.countProductsWithoutStockFlag(),
    backfillSortKeys: async (pageSize) =>
      inner.backfillSortKeys(pageSize === undefined ? undefined : parseOrThrow(backfillPageSizeSchema, pageSize, "page size")),
  };
}

function cartDoor(inner: Store): CartStore {
  return {
    listCart: async (o) => inner.listCart(owner(o)),
    hasCart: async (o) => inner.hasCart(owner(o)),
    addToLine: async (o, id, quantity = 1) =>
      inner.addToLine(owner(o), productId(id), parseOrThrow(addQuantitySchema, quantity, "quantity")),
    setLineQuantity: async (o, id, quantity) =>
      inner.setLineQuantity(owner(o), productId(id), parseOrThrow(lineQuantitySchema, quantity, "quantity")),
    removeLine: async (o, id) => inner.removeLine(owner(o), productId(id)),
    mergeCarts: async (from, into) => inner.mergeCarts(owner(from), owner(into)),
    // Synchronous like the contract: a bad owner throws before anything subscribes.
    watchCart: (o, onChange) => inner.watchCart(owner(o), onChange),
  };
}

function userDoor(inner: Store): UserStore {
  return {
    getUser: async (uid) => inner.getUser(parseOrThrow(idSchema, uid, "user id")),
    createUserIfMissing: async (uid, input) =>
      inner.createUserIfMissing(parseOrThrow(idSchema, uid, "user id"), parseOrThrow(newUserSchema, input, "user")),
    updateUserProfile: async (uid, input) =>
      inner.updateUserProfile(parseOrThrow(idSchema, uid, "user id"), parseOrThrow(newUserSchema, input, "user")),
    deleteUser: async (uid) => inner.deleteUser(parseOrThrow(idSchema, uid, "user id")),
  };
}

function addressBookDoor(inner: Store): AddressBookStore {
  const uid = (value: unknown) => parseOrThrow(idSchema, value, "user id");
  const addressId = (value: unknown) => parseOrThrow(idSchema, value, "address id");
  const address = (value: unknown) => parseOrThrow(savedAddressInputSchema, value, "address");
  const options = (value: unknown) => parseOrThrow(makeDefaultSchema, value, "address options");
  return {
    listAddresses: async (owner) => inner.listAddresses(uid(owner)),
    addAddress: async (owner, input, how) => inner.addAddress(uid(owner), address(input), options(how)),
    updateAddress: async (owner, id, input, how) => inner.updateAddress(uid(owner), addressId(id), address(input), options(how)),
    deleteAddress: async (owner, id) => inner.deleteAddress(uid(owner), addressId(id)),
    setDefaultAddress: async (owner, id) => inner.setDefaultAddress(uid(owner), addressId(id)),
    deleteAddressBook: async (owner) => inner.deleteAddressBook(uid(owner)),
  };
}

function sessionDoor(inner: Store): SessionStore {
  const sessionId = (sid: unknown) => parseOrThrow(sessionIdSchema, sid, "session id");
  return {
    revokeSession: async (sid, expiresAt) => inner.revokeSession(sessionId(sid), parseOrThrow(revocationExpirySchema, expiresAt, "expiry")),
    endAccountSessions: async (uid, before, expiresAt) =>
      inner.endAccountSessions(
        parseOrThrow(idSchema, uid, "user id"),
        parseOrThrow(instantSchema, before, "cut-off"),
        parseOrThrow(revocationExpirySchema, expiresAt, "expiry"),
      ),
    isSessionRevoked: async (sid, owner) =>
      inner.isSessionRevoked(
        sessionId(sid),
        owner === undefined
          ? undefined
          : {
              uid: parseOrThrow(idSchema, owner?.uid, "user id"),
              signedInAt: parseOrThrow(instantSchema, owner?.signedInAt, "sign-in time"),
            },
      ),
  };
}

/**
 * An order's email as the adapter calls it, inside its transaction: what it
 * writes is checked as every other input is, so a bad email is
 * invalid_input and the transaction writes nothing.
 */
function checkedEmail(write: EmailOfOrder, what: string): EmailOfOrder {
  return (order) => parseOrThrow(emailDraftSchema, write(order), what);
}

function orderDoor(inner: Store): OrderStore {
  const orderId = (id: unknown) => parseOrThrow(idSchema, id, "order id");
  return {
    placeOrder: async (input) => {
      const parsed = parseOrThrow(placeOrderInputSchema, input, "order");
      return inner.placeOrder({ ...parsed, confirmation: checkedEmail(parsed.confirmation, "confirmation email") });
    },
    getOrder: async (id) => inner.getOrder(orderId(id)),
    getOrderByReference: async (reference) => inner.getOrderByReference(parseOrThrow(referenceQuerySchema, reference, "reference")),
    listShopperOrders: async (uid, verifiedEmail, max) =>
      inner.listShopperOrders(
        parseOrThrow(idSchema, uid, "user id"),
        parseOrThrow(emailSchema.nullable(), verifiedEmail, "verified email"),
        limit(max),
      ),
    listOrders: async (filter) => inner.listOrders(parseOrThrow(orderListFilterSchema, filter, "order filter")),
    takeOrderStep: async (id, input) => {
      const parsed = parseOrThrow(stepInputSchema, input, "step");
      return inner.takeOrderStep(orderId(id), { ...parsed, email: checkedEmail(parsed.email, "step email") });
    },
    addOrderLink: async (id, input) => {
      const parsed = parseOrThrow(orderLinkInputSchema, input, "order link");
      return inner.addOrderLink(orderId(id), { ...parsed, email: checkedEmail(parsed.email, "order link email") });
    },
    setCardSession: async (id, sessionId) =>
      inner.setCardSession(orderId(id), parseOrThrow(cardSessionIdSchema, sessionId, "card session")),
    watchOrder: (id, onRevision) => inner.watchOrder(orderId(id), onRevision),
    eraseCustomer: async (email) => inner.eraseCustomer(parseOrThrow(emailSchema, email, "email")),
    eraseAccountOrders: async (uid) => inner.eraseAccountOrders(parseOrThrow(idSchema, uid, "user id")),
    // Nothing to check but the callback, which the contract types.
    watchNewOrders: (onPlaced) => inner.watchNewOrders(onPlaced),
  };
}

function stockDoor(inner: Store): StockStore {
  const count = (value: unknown, what: string) => parseOrThrow(stockCountSchema, value, what);
  return {
    getStock: async (ids) => inner.getStock(parseOrThrow(stockProductIdsSchema, ids, "product ids")),
    setStock: async (id, value, expected) => inner.setStock(productId(id), count(value, "stock"), count(expected, "expected stock")),
    watchStock: (onChange) => inner.watchStock(onChange),
  };
}

function outboxDoor(inner: Store): OutboxStore {
  const emailId = (id: unknown) => parseOrThrow(idSchema, id, "email id");
  return {
    queueEmail: async (email) => inner.queueEmail(parseOrThrow(emailDraftSchema, email, "email")),
    claimDueEmails: async (now, max, leaseMs) =>
      inner.claimDueEmails(parseOrThrow(epochMillisSchema, now, "now"), limit(max), parseOrThrow(leaseMsSchema, leaseMs, "lease")),
    markEmailSent: async (id) => inner.markEmailSent(emailId(id)),
    markEmailFailed: async (id, error, retryAt) =>
      inner.markEmailFailed(
        emailId(id),
        parseOrThrow(sendErrorSchema, error, "error"),
        parseOrThrow(epochMillisSchema.nullable(), retryAt, "retry time"),
      ),
    listOrderEmails: async (id) => inner.listOrderEmails(parseOrThrow(idSchema, id, "order id")),
  };
}

function shippingDoor(inner: Store): ShippingStore {
  return {
    getShippingZones: () => inner.getShippingZones(),
    setShippingZones: async (zones, expected, by) =>
      inner.setShippingZones(parseOrThrow(shippingZonesSchema, zones, "shipping zones"), revision(expected), changedBy(by)),
  };
}

function paymentSettingsDoor(inner: Store): PaymentSettingsStore {
  return {
    getPaymentSettings: () => inner.getPaymentSettings(),
    setPayOnDelivery: async (on, expected, by) =>
      inner.setPayOnDelivery(parseOrThrow(payOnDeliverySchema, on, "pay on delivery"), revision(expected), changedBy(by)),
  };
}

function discountDoor(inner: Store): DiscountStore {
  const code = (value: unknown) => parseOrThrow(discountCodeSchema, value, "discount code");
  return {
    listDiscounts: () => inner.listDiscounts(),
    getDiscount: async (value) => inner.getDiscount(code(value)),
    createDiscount: async (discount, by) => inner.createDiscount(parseOrThrow(newDiscountSchema, discount, "discount"), changedBy(by)),
    setDiscountDisabled: async (value, disabled, by) =>
      inner.setDiscountDisabled(code(value), parseOrThrow(disabledSchema, disabled, "disabled"), changedBy(by)),
    discountUsesByEmail: async (value, email) => inner.discountUsesByEmail(code(value), parseOrThrow(emailSchema, email, "email")),
  };
}

/** `inner` behind the door, each call traced (traced-store.ts): the only shape in which a store leaves lib/data. */
export function validatingStore(inner: Store): Store {
  const kind = inner.kind;
  return {
    kind,
    ...traced("catalog", kind, catalogDoor(inner)),
    ...traced("catalog pages", kind, catalogPagesDoor(inner)),
    ...traced("cart", kind, cartDoor(inner)),
    ...traced("users", kind, userDoor(inner)),
    ...traced("address book", kind, addressBookDoor(inner)),
    ...traced("sessions", kind, sessionDoor(inner)),
    ...traced("discounts", kind, discountDoor(inner)),
    ...traced("orders", kind, orderDoor(inner)),
    ...traced("stock", kind, stockDoor(inner)),
    ...traced("outbox", kind, outboxDoor(inner)),
    ...traced("shipping", kind, shippingDoor(inner)),
    ...traced("payment settings", kind, paymentSettingsDoor(inner)),
    ...traced("sales", kind, salesDoor(inner)),
    ...traced("store", kind, { ping: () => inner.ping() }),
    close: () => inner.close(),
  };
}
