import { cookies } from "next/headers";
import { connection } from "next/server";
import { cardReturnCookie } from "@/lib/cookies";
import { orderPagePath, tokenFromCardReturn } from "@/lib/orders/card-payment";
import { ORDER_ID_SHAPE } from "@/lib/orders/order-access";

/**
 * GET /orders-page/<id>/card-return: where Stripe's page sends the shopper
 * back, paid (?session_id=…) or not (?back=1). It moves nothing (only the
 * webhook does): it leads to the order's page with a notice, a guest's with
 * the token from the shop's own cookie (lib/orders/card-payment.ts), never
 * from the URL Stripe saw.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  await connection();
  const { id } = await params;
  if (!ORDER_ID_SHAPE.test(id)) return new Response("No such order.", { status: 404 });
  const query = new URL(request.url).searchParams;
  const token = tokenFromCardReturn((await cookies()).get(cardReturnCookie().name)?.value, id);
  const location = orderPagePath(id, token, query.get("view") === "plain", query.has("back") ? "back" : "returned");
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}
