/** Answers proxy.ts gives instead of the page: a plain-text status, the 404 page. */
import { NextResponse, type NextRequest } from "next/server";

export function plainText(status: number, message: string): NextResponse {
  return new NextResponse(message, { status, headers: { "Content-Type": "text/plain" } });
}

/**
 * The 404 page (app/not-found.tsx as /_not-found: a rewrite keeps its
 * status), never shared-cached: a product added a moment later must not stay
 * "not found" (and an order's refusal is one visitor's).
 */
export function notFoundPage(request: NextRequest): NextResponse {
  const response = NextResponse.rewrite(new URL("/_not-found", request.url));
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}
