/**
 * The form posts the pages without JavaScript answer (the cart, the checkout,
 * an order's return request). proxy.ts's matcher sends a POST to its origin,
 * size and rate gates by its content type, so a post of any other type would
 * pass them unchecked: refused here (415) before its body is read.
 */
// Exactly as proxy.ts's matcher spells them (case-sensitive).
const GATED_FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)/;

/** null when the request is a form the proxy gated; else the 415 answer, naming `what` ("the cart's form"). */
export function refuseUngatedForm(request: Request, what: string): Response | null {
  if (GATED_FORM_TYPE.test(request.headers.get("content-type") ?? "")) return null;
  return new Response(`Send ${what} as the shop's pages do (application/x-www-form-urlencoded or multipart/form-data).`, {
    status: 415,
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}
