import { cartContract } from "./cart";
import { feedContract } from "./feeds";
import { productContract } from "./products";
import { reservedIdContract } from "./reserved-ids";
import { sessionContract } from "./sessions";
import type { StoreFactory } from "./types";
import { userContract } from "./users";

/** The one suite every Store adapter must pass. */
export function storeContract(open: StoreFactory): void {
  productContract(open);
  reservedIdContract(open);
  cartContract(open);
  userContract(open);
  sessionContract(open);
  feedContract(open);
}
