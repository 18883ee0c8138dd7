import { askSuiteStore } from "./suite-store";

export interface PlacedOrder {
  id: string;
  reference: string;
  /** The guest link's token (the order is a guest's). */
  token: string;
}

/**
 * Places a guest order for `email` in the suite's own store, as the checkout
 * does (helpers/suite-store-place-order.ts): `lines` maps product ids to quantities.
 * `delivered`: then shipped and delivered, as the desk would (a return may be requested).
 */
export async function placeOrderInSuiteStore(
  email: string,
  lines: Record<string, number>,
  { delivered = false }: { delivered?: boolean } = {},
): Promise<PlacedOrder> {
  return (await askSuiteStore({ command: "placeGuestOrder", email, lines, delivered })) as PlacedOrder;
}

/** Takes a step on the order in the suite's own store, as another instance's desk would. */
export async function takeStepInSuiteStore(orderId: string, step: "ship" | "deliver", note = ""): Promise<void> {
  await askSuiteStore({ command: "takeStep", orderId, step, note });
}
