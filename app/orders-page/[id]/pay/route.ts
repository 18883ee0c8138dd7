import { payOrderOfRequest } from "@/lib/orders/pay-order";
import { orderingStore } from "@/lib/orders/ordering-store";
import { refuseUngatedForm } from "@/lib/security/gated-form-post";

/**
 * POST /orders-page/<id>/pay: an order page's "Pay now" or "Pay again"
 * (lib/orders/pay-order.ts), a plain form post with or without JavaScript
 * (the same origin, size and rate gates as a server action: proxy.ts).
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const refused = refuseUngatedForm(request, "the payment's form");
  if (refused) return refused;
  const [{ id }, form] = await Promise.all([params, request.formData().catch(() => new FormData())]);
  return payOrderOfRequest(await orderingStore(), id, form);
}
