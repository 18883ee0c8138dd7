import { connection } from "next/server";
import { orderPageOfRequest, returnRequestOfRequest } from "@/lib/no-script/order-of-request";
import { refuseUngatedForm } from "@/lib/security/gated-form-post";

/**
 * An order for a browser without JavaScript (lib/no-script/order-page.ts),
 * to its owner only, as the React page; its "Request a return" form posts
 * here (the same origin, size and rate gates as a server action: proxy.ts;
 * any other body is refused, 415).
 */

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(request: Request, { params }: Context): Promise<Response> {
  // Per request: the session and the order.
  await connection();
  return orderPageOfRequest(request, (await params).id);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  const refused = refuseUngatedForm(request, "the return's form");
  if (refused) return refused;
  const { id } = await params;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return orderPageOfRequest(request, id);
  }
  return returnRequestOfRequest(request, id, form);
}
