/**
 * proxy.ts's check before an order's page renders: whether this id, token
 * and signed-in uid (the session token's, decoded; the page checks the
 * session fully again) open an order. An order nobody may see here is
 * answered with the site's not-found page and a 404 before the page renders:
 * left to the page, notFound() inside its streamed part comes with a 200.
 */
import "server-only";
import { log } from "@/lib/log";
import { orderingStore } from "./ordering-store";
import { viewableOrder } from "./viewable-order";

export async function orderOpens(id: string, token: string | null, uid: string | null): Promise<boolean | "unavailable"> {
  try {
    return (await viewableOrder(await orderingStore(), id, token, uid)) !== null;
  } catch (error) {
    log.error("orders.gate_check_failed", "Could not check who may see an order", error);
    return "unavailable";
  }
}
