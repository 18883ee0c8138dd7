// §12 of docs/BENCHMARKS.md: Lighthouse on the pages of an order, on a
// running shop, as a guest meets them: the React checkout with two products
// in the cart, then (the order placed through the checkout's form) the
// order's page opened from the confirmation email's link, and the
// "Returns & Orders" page. The guest's cookie goes with every request of
// those runs (bench/lighthouse.mjs `headers`).
import { lighthouseRuns } from "./lighthouse.mjs";

/** The benches' guest: an Illinois address (the contiguous zone's shipping, 6.25 % tax). */
export const GUEST = {
  email: "bench.guest@example.com",
  name: "Bench Guest",
  phone: "",
  country: "US",
  line1: "1 Main Street",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

/** The rows of lighthouseRuns for the checkout, the confirmation and the orders page. */
export async function orderPagesLighthouse(baseURL, productIds, options) {
  const cookie = await guestCartOf(baseURL, productIds);
  const headers = { cookie };
  const checkout = await lighthouseRuns(baseURL, [{ label: "checkout", path: "/checkout-page", headers }], options);
  const orderPath = await placeOrderAsGuest(baseURL, cookie);
  const after = await lighthouseRuns(
    baseURL,
    [
      { label: "confirmation", path: orderPath, headers },
      { label: "orders", path: "/orders-page", headers },
    ],
    options,
  );
  // The report names the order's page by its shape: the guest's token opens the order.
  return [...checkout, ...after.map((row) => (row.label === "confirmation" ? { ...row, path: "/orders-page/{id}?token={token}" } : row))];
}

/** A guest's cart holding `productIds`, through the cart's form without JavaScript; its cookie header. */
async function guestCartOf(baseURL, productIds) {
  let cookie = "";
  for (const productId of productIds) {
    const response = await fetch(`${baseURL}/cart-page/without-javascript`, {
      method: "POST",
      headers: { origin: baseURL, ...(cookie && { cookie }) },
      body: new URLSearchParams({ intent: "add", productId }),
      redirect: "manual",
    });
    if (response.status !== 303) throw new Error(`Adding ${productId} to a cart answered ${response.status}`);
    cookie = mergeCookies(cookie, response.headers.getSetCookie());
  }
  if (cookie === "") throw new Error("The cart's form set no cookie");
  return cookie;
}

/** Places the cart's order through the checkout's form; the path of the order's page its email links to. */
async function placeOrderAsGuest(baseURL, cookie) {
  const page = await (await fetch(`${baseURL}/checkout-page/without-javascript`, { headers: { cookie } })).text();
  const hidden = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
    name,
    unescapeHtml(value),
  ]);
  if (!hidden.some(([name]) => name === "line")) throw new Error("The checkout shows no line: the cart is empty");
  const response = await fetch(`${baseURL}/checkout-page/without-javascript`, {
    method: "POST",
    headers: { origin: baseURL, cookie },
    body: new URLSearchParams([...hidden, ...Object.entries(GUEST)]),
    redirect: "manual",
  });
  const location = response.headers.get("location") ?? "";
  if (response.status !== 303 || !/^\/orders-page\/[^/]+\/without-javascript\?token=/.test(location)) {
    throw new Error(`Placing the order answered ${response.status} ${location}`);
  }
  return location.replace("/without-javascript", "");
}

function mergeCookies(header, setCookies) {
  const jar = new Map(header ? header.split("; ").map((pair) => pair.split(/=(.*)/s).slice(0, 2)) : []);
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const [name, value] = pair.split(/=(.*)/s);
    jar.set(name.trim(), value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

function unescapeHtml(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
