/**
 * The Stripe SDK's HTTP client with each call in a span (lib/tracing/span.ts):
 * "stripe POST /v1/checkout/sessions", its method, its path with Stripe's ids
 * replaced by {id} (a session's id is a shopper's way back to their payment
 * page) and the host; every call the SDK makes, retries included, in one place.
 */
import "server-only";
import Stripe from "stripe";
import { inSpan } from "@/lib/tracing/span";

type StripeHttpClient = NonNullable<Stripe.StripeConfig["httpClient"]>;

/** A path as a span names it: no query, each Stripe id ("cs_test_a1B2…", "re_…") as {id}. */
const stripeRoute = (path: string) => path.split("?", 1)[0].replace(/\/[a-z]{2,5}_[A-Za-z0-9_]{6,}/g, "/{id}");

export function tracedHttpClient(inner: StripeHttpClient = Stripe.createNodeHttpClient()): StripeHttpClient {
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: (host, port, path, method, headers, requestData, protocol, timeout) =>
      inSpan(
        `stripe ${method} ${stripeRoute(path)}`,
        { "http.request.method": method, "url.path": stripeRoute(path), "server.address": host },
        () => inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout),
      ),
  };
}
