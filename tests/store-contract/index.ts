import { cartContract } from "./cart";
import { cartBoundsContract } from "./cart-bounds";
import { catalogChangesContract } from "./catalog-changes";
import { catalogVersionContract } from "./catalog-version";
import { editContract } from "./edits";
import { feedContract } from "./feeds";
import { newOrdersContract } from "./new-orders";
import { orderLinkContract } from "./order-links";
import { cardPaymentContract } from "./card-payments";
import { orderContract } from "./orders";
import { orderShippingContract } from "./order-shipping";
import { discountContract } from "./discounts";
import { pagesContract } from "./pages";
import { presenceContract } from "./presence";
import { productContract } from "./products";
import { reservedIdContract } from "./reserved-ids";
import { searchContract } from "./search";
import { sessionContract } from "./sessions";
import { shapeContract } from "./shapes";
import { shippingContract } from "./shipping";
import { stockContract } from "./stock";
import type { SecondInstanceFactory, StoreFactory } from "./types";
import { userContract } from "./users";

/** The one suite every Store adapter must pass. */
export function storeContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  productContract(open);
  pagesContract(open);
  searchContract(open);
  reservedIdContract(open);
  cartContract(open, openSecond);
  cartBoundsContract(open, openSecond);
  editContract(open, openSecond);
  presenceContract(open);
  userContract(open);
  sessionContract(open);
  feedContract(open, openSecond);
  catalogVersionContract(open, openSecond);
  catalogChangesContract(open, openSecond);
  orderContract(open, openSecond);
  orderShippingContract(open, openSecond);
  discountContract(open, openSecond);
  stockContract(open, openSecond);
  newOrdersContract(open, openSecond);
  orderLinkContract(open, openSecond);
  cardPaymentContract(open, openSecond);
  shippingContract(open, openSecond);
  shapeContract(open);
}
