import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import {
  freshShopConfig,
  removeShopData,
  seedDemoCatalogue,
  startShop,
  stopShop,
  type ShopConfig,
  type ShopProcess,
} from "./helpers/shop-process";
import { CookieJar } from "./helpers/server-actions";
import { suiteStandIn } from "./helpers/stripe-stand-in";
import { demoProducts } from "./support";

/**
 * Traces (issue 44, item 1; lib/tracing/): a shop of its own exports its
 * spans over OTLP (http/json) to a receiver this spec runs, as ops point
 * OTEL_EXPORTER_OTLP_ENDPOINT at a collector. A guest's checkout without
 * JavaScript, paid by card (the suite's Stripe stand-in) or on delivery, is seen as
 * one trace: Next's span of the POST, and under it the store's calls, the
 * Stripe call and the cache expiry, linked by their parents; the order's
 * email, sent once the answer has left, is an SMTP span with the same
 * request id. Nothing a shopper typed is in any span.
 */

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}

// Extra shops take the suite's port + 50 (load), + 60 (two instances), + 65 and + 71 (stock), + 70 (reads),
// + 80 (abuse), + 85 (long searches), + 90 (log flood), + 95 (this).
const port = Number(new URL(baseURL).port) + 95;
const GUEST = { name: "Trace Tester", phone: "", country: "US", line1: "1 Main Street", line2: "", city: "Springfield", region: "IL" };
const EMAIL = "trace.tester@example.com";
const ORDERED = demoProducts[3];

const spans: ReceivedSpan[] = [];
let receiver: Server;
let standIn = { url: "" };
let config: ShopConfig;
let shop: ShopProcess;
let url = "";

/** An OTLP/HTTP receiver of JSON trace exports: every span it is sent, its attributes as plain values. */
function startReceiver(): Promise<string> {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        const exported = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: Record<string, unknown>[] }[] }[] };
        for (const resource of exported.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push(plainSpan(span));
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)),
  );
}

function plainSpan(span: Record<string, unknown>): ReceivedSpan {
  const attributes: Record<string, unknown> = {};
  for (const { key, value } of (span.attributes ?? []) as { key: string; value: Record<string, unknown> }[]) {
    attributes[key] = Object.values(value)[0];
  }
  return {
    traceId: String(span.traceId),
    spanId: String(span.spanId),
    parentSpanId: String(span.parentSpanId ?? ""),
    name: String(span.name),
    attributes,
  };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const endpoint = await startReceiver();
  config = await freshShopConfig(port);
  // The suite's stand-in makes this shop's Stripe pages too (its webhooks go to the suite's shop: none is awaited here).
  const suite = suiteStandIn();
  standIn = { url: suite.url };
  Object.assign(config.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    STRIPE_SECRET_KEY: suite.secretKey,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    STRIPE_API_URL: suite.url,
  });
  await seedDemoCatalogue(config);
  shop = await startShop(config);
  url = config.url;
});

test.afterAll(async () => {
  if (shop) await stopShop(shop);
  if (config) removeShopData(config);
  receiver?.close();
});

/** A guest's cart of one book, then the checkout's form posted without JavaScript: the checkout's answer. */
async function checkoutWithoutJavascript(paymentMethod: "card" | "pay_on_delivery") {
  const jar = new CookieJar();
  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    jar.store(response.headers);
    await response.arrayBuffer();
    return response;
  };
  expect((await post("/cart-page/without-javascript", { intent: "add", productId: ORDERED.id })).status).toBe(303);
  return post("/checkout-page/without-javascript", {
    ...GUEST,
    postalCode: "62701",
    email: EMAIL,
    paymentMethod,
    idempotencyKey: randomUUID(),
    // The book at its price, Illinois: the contiguous zone's $5.00 and 6.25 % of $18.99 + $5.00 (abuse.spec's figures).
    line: `${ORDERED.id}|${Math.round(ORDERED.price * 100)}|1`,
    shipping: "500",
    tax: "150",
    discount: "0",
  });
}

/** The spans of the trace whose root is the shop's span of the checkout's POST, once they have all arrived. */
async function checkoutTrace(wanted: string[]): Promise<ReceivedSpan[]> {
  let trace: ReceivedSpan[] = [];
  await expect
    .poll(
      () => {
        const root = spans.find(
          (span) =>
            span.parentSpanId === "" &&
            /POST/.test(span.name) &&
            spans.some((s) => s.traceId === span.traceId && s.name === "store placeOrder"),
        );
        trace = root ? spans.filter((span) => span.traceId === root.traceId) : [];
        return wanted.filter((name) => !trace.some((span) => span.name === name));
      },
      { timeout: 30_000, message: "the checkout's spans reach the receiver" },
    )
    .toEqual([]);
  return trace;
}

/** Whether `span` descends from `ancestor` through its parents in `trace`. */
function descends(span: ReceivedSpan, ancestor: ReceivedSpan, trace: ReceivedSpan[]): boolean {
  for (let at: ReceivedSpan | undefined = span; at; at = trace.find((s) => s.spanId === at!.parentSpanId)) {
    if (at.parentSpanId === ancestor.spanId) return true;
  }
  return false;
}

test("a card checkout is one trace: the POST's span, and under it the store's calls, Stripe's and the cache's, with the request's id", async () => {
  const answer = await checkoutWithoutJavascript("card");
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toContain(standIn.url);
  const trace = await checkoutTrace([
    "store placeOrder",
    "stripe POST /v1/checkout/sessions",
    "cache expire",
    "POST /checkout-page/without-javascript",
  ]);
  const root = trace.find((span) => span.parentSpanId === "")!;
  const requestId = root.attributes["storefront.request_id"];
  expect(requestId, "the request's span carries the id its log lines carry").toMatch(/^[A-Za-z0-9_-]{8,}$/);
  // Next's span of the request, under the root its router opens, names its route and its answer's status (OTLP/JSON
  // may write an integer as a string).
  const handled = trace.find((span) => span.name === "POST /checkout-page/without-javascript")!;
  expect(handled.parentSpanId).toBe(root.spanId);
  expect([handled.attributes["http.route"], String(handled.attributes["http.status_code"])]).toEqual([
    "/checkout-page/without-javascript",
    "303",
  ]);
  for (const name of ["store placeOrder", "stripe POST /v1/checkout/sessions", "cache expire"]) {
    const span = trace.find((s) => s.name === name)!;
    expect(descends(span, root, trace), `${name} under the POST's span`).toBe(true);
    expect(span.attributes["storefront.request_id"], name).toBe(requestId);
  }
  expect(trace.find((s) => s.name === "store placeOrder")!.attributes).toMatchObject({
    "db.system.name": "sqlite",
    "storefront.store.concern": "orders",
  });
  const everything = JSON.stringify(spans);
  for (const typed of [EMAIL, GUEST.name, GUEST.line1]) expect(everything, "nothing a shopper typed").not.toContain(typed);
});

test("a checkout paid on delivery: its confirmation leaves after the answer, an SMTP span with the same request id; the order's link and a search leave no token or words in any span", async () => {
  spans.length = 0;
  const answer = await checkoutWithoutJavascript("pay_on_delivery");
  expect(answer.status).toBe(303);
  const trace = await checkoutTrace(["store placeOrder"]);
  const root = trace.find((span) => span.parentSpanId === "")!;
  const requestId = root.attributes["storefront.request_id"];
  await expect
    .poll(() => spans.filter((span) => span.name === "smtp send" && span.attributes["storefront.request_id"] === requestId).length, {
      timeout: 30_000,
      message: "the order's email is sent, in a span of its own",
    })
    .toBeGreaterThan(0);
  // Sent after the answer, and still the checkout's: in its trace, under its request's span.
  const smtp = spans.find((span) => span.name === "smtp send" && span.attributes["storefront.request_id"] === requestId)!;
  expect(smtp.traceId).toBe(root.traceId);
  expect(descends(smtp, root, spans), "the SMTP send under the POST's span").toBe(true);

  // The guest's order page by its link, and a search, by both of its addresses.
  const orderLink = answer.headers.get("location")!;
  const token = new URL(orderLink, url).searchParams.get("token")!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const word = `zebra${Date.now().toString(36)}`;
  for (const path of [orderLink, `/search?q=${word}`, `/search/${word}`]) {
    const response = await fetch(new URL(path, url), { redirect: "manual" });
    await response.arrayBuffer();
  }
  await expect
    .poll(() => spans.filter((span) => span.parentSpanId === "" && /GET/.test(span.name)).length, {
      timeout: 30_000,
      message: "the three pages' spans arrive",
    })
    .toBeGreaterThanOrEqual(3);
  const everything = JSON.stringify(spans);
  expect(everything, "no guest token in any span").not.toContain(token);
  expect(everything, "no search words in any span").not.toContain(word);
});
