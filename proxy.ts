import { getToken, type JWT } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { adminRights } from "@/lib/auth/admin-rights";
import { productExists } from "@/lib/catalog/product-exists";
import { parseProductId } from "@/lib/data/contract/catalog";
import { listingRoute, type ListingView } from "@/lib/catalog/listing-route";
import { listingPageExists } from "@/lib/catalog/listing-page-exists";
import { boundedSearchPagePath } from "@/lib/catalog/search-query";
import { isSearchViewPath, searchRequestPath, viewPageRoute } from "@/lib/catalog/search-view";
import { sessionStatus } from "@/lib/auth/revocation";
import { orderGate } from "@/lib/orders/order-gate";
import { signInForOrderPath } from "@/lib/orders/paths";
import { sessionCookie } from "@/lib/cookies";
import { serverEnv } from "@/lib/env";
import { actionCallRefusal } from "@/lib/security/action-gate";
import { ACTION_BODY_LIMITS } from "@/lib/security/action-limits";
import { alreadyLimited, countRequest, limitRequest } from "@/lib/security/request-client";
import { decodesCleanly, detailsPageId, isAdminPath, isDocumentLoad, isFormPost, orderPageId } from "@/lib/security/proxy-requests";
import { notFoundPage, plainText } from "@/lib/security/proxy-responses";
import { CART_MESSAGES } from "@/lib/cart/results";
import { RETRY_AFTER_SECONDS } from "@/lib/cart/unavailable-response";

/**
 * The gates that run before a page or handler does, each only on the
 * requests config.matcher sends here. On Vercel every call is a function
 * invocation in the functions' region, in front of the CDN, so the matcher
 * is kept to the requests that cannot be answered right without it; a
 * shopper's page views of home, a category's plain listing and a guest's
 * cart never come here (tests/e2e/proxy-calls.spec.ts counts, through the Server-Timing
 * entry every answer from here carries):
 * - a server action call (POST with Next-Action), or a form posted without
 *   JavaScript (its fields name the action), is limited per client address
 *   (cart and admin actions apart: lib/security/rate-limit.ts, 429), must
 *   come from this site and carry at most 1 MB however it is sent (an admin's
 *   4.5 MB: the product form carries a photo), must be
 *   well-formed before Next decodes it and name an action this build has
 *   (lib/security/action-gate.ts): a bad one is a 4xx, never Next's 500 or
 *   Next's stack in the log;
 * - a path of a dynamic route (details pages, search pages, /api/auth)
 *   whose %-escapes do not decode is a 400: Next's own parameter decoding
 *   throws, a 500. Other routes have no parameters to decode (Next answers
 *   404);
 * - a details page of an unknown product is the site's not-found page, 404,
 *   not cached (lib/catalog/product-exists.ts). Left to the page, Next 16
 *   sends notFound() of an on-demand render as an empty document filled in
 *   by JavaScript, and caches it under its own path for an hour (s-maxage=60,
 *   stale-while-revalidate=3540): every made-up id a crawler or an attacker
 *   asks for would grow the page cache. A product's page views cost one store
 *   read per server instance, once; this is why details pages pay a proxy
 *   call each, the router's prefetches of product links included (a
 *   prefetch header is the client's word), and docs/DEPLOY.md counts it.
 *   Unknown ids are limited per client address: once used up, that client's
 *   details pages are refused (429) before the store is asked;
 * - an order's page (/orders-page/<id>) opens to its owner only
 *   (lib/orders/order-access.ts; signed out without a guest's token, the
 *   sign-in page first, for any id: lib/orders/order-gate.ts): to anyone
 *   else, and for an unknown id, it is the site's not-found page, 404, decided
 *   here because the page's own notFound() streams behind a 200. A lookup by
 *   the token of a guest's link is limited per client address (429);
 * - a search (/search?q=…) is served by its query's page, /search/<query>
 *   tidied and escaped, a long one cut over several segments
 *   (lib/catalog/search-path.ts), which the page cache keeps after its first
 *   render: a repeated search costs what a prerendered page does. A view of
 *   it (&sort=, &page=, filters) is served by that view's page,
 *   /search-view/<sort>/<page>/<filter>/<query> (lib/catalog/search-view.ts),
 *   kept alike; a page number past the most a search lists is the 404 page.
 *   Searches are limited per client address (429), asked by their query or
 *   by their pages' paths (the same renders).
 *   A rewrite, not a redirect: the address stays. Here, not as a next.config rewrite: its parameter
 *   substitution does not escape "/" or "%" (a 404 or a 500);
 * - a category's view (/books?sort=…&page=…) is served by the page of that sort and number, and a number
 *   past the category's last page is the 404 page (lib/catalog/listing-route.ts, listing-page-exists.ts: one
 *   count per instance while the pages last);
 * - a search page's path longer than any the shop makes (typed by hand: a
 *   segment too long for a file name, or too long in all) is redirected to its
 *   query's own page: the page cache could not store it (ENAMETOOLONG);
 * - only admins reach /admin-entry: anyone else is sent to /admin-signin
 *   before the page renders. A session signed out elsewhere (a copied
 *   cookie) is refused too, at the cost of one store read, made only for an
 *   admin's token, and so is one whose rights were taken away since its
 *   sign-in (lib/auth/admin-rights.ts: one Auth lookup per admin per 5 min).
 *   This is the first gate, not the only one: each admin page checks the
 *   session itself before it reads anything (components/admin/admin-gate.tsx)
 *   and each admin action checks it again. (Proxy runs on the Node runtime:
 *   the store is reachable.)
 * - a page that needs the session answers 503 when the store cannot check
 *   it (/admin-entry, and /cart-page for a shopper with a session cookie):
 *   neither signed out nor let through, and with a status that says so (a
 *   page streams its 200 before any session read inside it could fail).
 * A callback-url cookie that would make next-auth answer 500 is dropped
 * where next-auth reads it (the auth route, lib/auth/session.ts), not here:
 * after every sign-in and sign-out the browser sends it with every request.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const started = performance.now();
  const response = await gate(request);
  // Each call is a function invocation on Vercel: say so on the response, so
  // ops (and tests/e2e/proxy-calls.spec.ts) can see which requests paid one.
  response.headers.append("Server-Timing", `proxy;dur=${(performance.now() - started).toFixed(1)}`);
  return response;
}

async function gate(request: NextRequest): Promise<Response> {
  const pathname = request.nextUrl.pathname;
  if (request.method === "POST" && (request.headers.has("next-action") || isFormPost(request))) {
    const admin = isAdminPath(pathname);
    const refused = await actionCallRefusal(
      request,
      admin ? "adminActions" : "cartActions",
      admin ? ACTION_BODY_LIMITS.admin : ACTION_BODY_LIMITS.shopper,
    );
    if (refused) return refused;
  }
  if (!decodesCleanly(pathname)) return plainText(400, "The address has a broken %-escape.");

  if (pathname === "/search" || pathname.startsWith("/search/") || isSearchViewPath(pathname)) return searchGate(request);
  const productPath = detailsPageId(pathname);
  if (productPath !== null) {
    // Counted only when the id is unknown (a malformed one names no product), and refused before the store read once used up.
    const limited = await alreadyLimited("unknownProducts", request.headers);
    if (limited) return limited;
    const productId = parseProductId(productPath);
    if (productId === null || (await productExists(productId)) === false) {
      await countRequest("unknownProducts", request.headers);
      return notFoundPage(request);
    }
    return NextResponse.next();
  }
  const orderId = orderPageId(pathname);
  if (orderId !== null) return orderPageGate(request, orderId);
  const view = listingRoute(pathname, request.nextUrl.searchParams);
  if (view !== null) return view === "not-found" ? notFoundPage(request) : listingGate(request, view);
  if (isAdminPath(pathname)) {
    const access = await adminAccess(request);
    if (access === "unavailable") return unavailable();
    if (access === "refused") return NextResponse.redirect(new URL("/admin-signin", request.url));
  } else if (pathname === "/cart-page" && isDocumentLoad(request)) {
    if (await sessionCannotBeChecked(request)) return unavailable();
  }
  return NextResponse.next();
}

/**
 * Every search, by its query (/search?q=…, and a view of it: &sort=, &page=,
 * filters), by its query's own page (/search/<query>) or by a view's page
 * (/search-view/…), counts against the client's limit.
 */
async function searchGate(request: NextRequest): Promise<Response> {
  const limited = await limitRequest("searches", request.headers);
  if (limited) return limited;
  const pathname = request.nextUrl.pathname;
  const route =
    pathname === "/search"
      ? searchRequestPath(request.nextUrl.searchParams)
      : isSearchViewPath(pathname)
        ? viewPageRoute(pathname)
        : boundedSearchPagePath(pathname);
  if (route === null) return NextResponse.next();
  if (route === "not-found") return notFoundPage(request);
  return pathname === "/search"
    ? NextResponse.rewrite(new URL(route, request.url))
    : NextResponse.redirect(new URL(route, request.url), 308);
}

/** A category's view is served by its sort and number's page, if the category has that many pages; a filtered one within the client's limit. */
async function listingGate(request: NextRequest, view: ListingView): Promise<Response> {
  if (view.filtered) {
    const limited = await limitRequest("filteredViews", request.headers);
    if (limited) return limited;
  }
  if ((await listingPageExists(view.type, view.page)) === false) return notFoundPage(request);
  return view.rewrite === null ? NextResponse.next() : NextResponse.rewrite(new URL(view.rewrite, request.url));
}

/**
 * An order's page opens to its owner only (signed out without a guest's
 * token: sign in first); a token lookup counts against the client's limit
 * first. A token given twice opens nothing (the page would read neither).
 */
async function orderPageGate(request: NextRequest, orderId: string): Promise<Response> {
  const tokens = request.nextUrl.searchParams.getAll("token");
  if (tokens.length > 0) {
    const limited = await limitRequest("orderLookups", request.headers);
    if (limited) return limited;
  }
  if (tokens.length > 1) return notFoundPage(request);
  const gate = await orderGate(orderId, tokens[0] ?? null, (await sessionToken(request))?.uid ?? null);
  if (gate === "unavailable") return unavailable();
  if (gate !== "sign-in") return gate === "open" ? NextResponse.next() : notFoundPage(request);
  const signIn = new URL(signInForOrderPath(orderId), request.url);
  return NextResponse.redirect(signIn, { headers: { "Cache-Control": "private, no-store" } });
}

/** The request's decoded session token (no store read), or null without a valid one. */
async function sessionToken(request: NextRequest): Promise<JWT | null> {
  const env = serverEnv();
  const cookie = sessionCookie(env);
  return getToken({
    req: request,
    secret: env.NEXTAUTH_SECRET,
    cookieName: cookie.name,
    secureCookie: cookie.options.secure,
  });
}

/** Only a live admin session passes; one the store cannot check is neither let in nor sent to sign in. */
async function adminAccess(request: NextRequest): Promise<"admin" | "refused" | "unavailable"> {
  const token = await sessionToken(request);
  if (token?.isAdmin !== true) return "refused";
  const status = await sessionStatus(token);
  if (status !== "valid") return status === "revoked" ? "refused" : "unavailable";
  // The token says admin as of its sign-in; Firebase Auth says whether still.
  const rights = await adminRights.of(token.uid ?? "");
  return rights === "admin" ? "admin" : rights === "not_admin" ? "refused" : "unavailable";
}

/**
 * Whether the request carries a session that the store cannot check right
 * now. The page would render the shopper's cart inside a streamed Suspense
 * boundary, after the 200 is sent, so its honest 503 has to be answered
 * here, before rendering. A revoked session passes: the page treats it as
 * signed out. Costs the page's own revocation read once more, for a
 * signed-in shopper's document loads only.
 */
async function sessionCannotBeChecked(request: NextRequest): Promise<boolean> {
  const token = await sessionToken(request);
  return token !== null && (await sessionStatus(token)) === "unavailable";
}

/** 503 with Retry-After: the store cannot say yes or no right now. */
function unavailable(): NextResponse {
  const response = plainText(503, CART_MESSAGES.unavailable);
  response.headers.set("Retry-After", RETRY_AFTER_SECONDS);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

// Literal values only: Next reads the matcher from the source at build time.
export const config = {
  matcher: [
    "/admin-entry",
    "/admin-entry/:path*",
    // A search with a query: rewritten to its cached per-query page. That
    // page's own address too: a search by another door, limited alike (a
    // broken %-escape is Next's 500; one longer than any the shop makes is
    // redirected: a segment over 120 characters or over 1024 in all,
    // SEARCH_SEGMENT_MAX, SEARCH_PATH_MAX).
    { source: "/search", has: [{ type: "query", key: "q" }] },
    "/search/:rest+",
    // A search's views (sort, page, filters: lib/catalog/search-view.ts) by their own pages' paths (asked by
    // their query, they come with the q above): a page number or a view past what a search lists is the 404 page.
    "/search-view/:rest+",
    // A signed-in shopper's cart, loaded as a document (a guest's has no
    // session to check; the router's prefetches and navigations of the
    // header's cart link carry an RSC header and a session read inside the page).
    { source: "/cart-page", has: [{ type: "cookie", key: "next-auth.session-token" }], missing: [{ type: "header", key: "rsc" }] },
    { source: "/cart-page", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }], missing: [{ type: "header", key: "rsc" }] },
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
    // A form posted without JavaScript (its fields name the action), to a
    // page: the same origin, size and rate gate as a Next-Action call.
    {
      source: "/((?!api/).*)",
      has: [{ type: "header", key: "content-type", value: "(multipart/form-data|application/x-www-form-urlencoded).*" }],
    },
    // Every details page: loads, navigations and the router's prefetches
    // alike (unknown ids, broken escapes). A prefetch header is the
    // client's word: left out, a made-up id asked as a "prefetch" rendered,
    // was cached and passed the unknown-id limit. A known id costs no read.
    "/details-page/:rest*",
    // An order's page, prefetches included (its owner only, token lookups limited: a "prefetch" renders it).
    "/orders-page/:id",
    // A category's views, by its address and by their own pages' (lib/catalog/categories.ts' paths).
    { source: "/:category(electronics|accessories|books|sport)", has: [{ type: "query", key: "sort" }] },
    { source: "/:category(electronics|accessories|books|sport)", has: [{ type: "query", key: "page" }] },
    // Its filters (lib/catalog/listing-filter.ts FILTER_PARAMS), each of which the form may send alone.
    { source: "/:category(electronics|accessories|books|sport)", has: [{ type: "query", key: "min" }] },
    { source: "/:category(electronics|accessories|books|sport)", has: [{ type: "query", key: "max" }] },
    { source: "/:category(electronics|accessories|books|sport)", has: [{ type: "query", key: "stock" }] },
    "/:category(electronics|accessories|books|sport)/sorted/:rest*",
    // /api/auth only with a %-escape: the session read every page makes never comes here.
    "/api/auth/:rest(.*%.*)",
  ],
};
