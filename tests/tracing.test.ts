/**
 * The shop's own spans (lib/tracing/), under a tracer provider with an
 * in-memory exporter beside the shop's request-id processor (the shop's
 * registration through @vercel/otel, an ES module this runner cannot load,
 * is exercised by tests/e2e/traces.spec.ts on a built shop):
 * a store call, a Stripe call (through the stand-in) and an SMTP send, each
 * a child of the span it ran in, named by what it did and never by what a
 * shopper wrote, carrying the id of the request its log lines carry; a
 * failed call's span says so.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import Stripe from "stripe";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { drainOutbox } from "@/lib/email/drain-outbox";
import { requestStorage } from "@/lib/log/request-context";
import { tracedHttpClient } from "@/lib/payments/traced-http-client";
import { registerTracing } from "@/lib/tracing/register";
import { REQUEST_ID_ATTRIBUTE, RequestIdSpanProcessor } from "@/lib/tracing/request-id";
import { inSpan } from "@/lib/tracing/span";
import { startStripeStandIn, type StripeStandIn } from "../scripts/stripe-stand-in.mjs";
import { newProduct, placeGuestOrder } from "./helpers/fixtures";

const exporter = new InMemorySpanExporter();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter), new RequestIdSpanProcessor()] }),
);

const named = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** Runs `work` inside a request's context (its log id) and a parent span; the parent's span id. */
async function inRequest(reqId: string, work: () => Promise<unknown>): Promise<string> {
  let parentId = "";
  await requestStorage().run({ reqId, route: "/checkout-page" }, () =>
    inSpan("test request", {}, async () => {
      parentId = trace.getActiveSpan()!.spanContext().spanId;
      await work();
    }),
  );
  return parentId;
}

describe("the shop's spans", () => {
  const dir = mkdtempSync(join(tmpdir(), "tracing-"));
  let store: Store;
  let standIn: StripeStandIn;

  before(async () => {
    store = openSqliteStore(join(dir, "store.db"));
    standIn = await startStripeStandIn({ port: 0 });
  });
  after(async () => {
    await store.close();
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => exporter.reset());

  it("a store call is a child of the request's span, named by its call, with the request's id and none of its arguments", async () => {
    const lamp = await store.addProduct(newProduct({ name: "Secret Lamp Name" }));
    exporter.reset();
    const parent = await inRequest("req-store-1", () => store.getProduct(lamp.id));
    const [span] = named("store getProduct");
    assert.ok(span, "a span for the call");
    assert.equal(parentOf(span), parent);
    assert.deepEqual(span.attributes, {
      "db.system.name": "sqlite",
      "db.operation.name": "getProduct",
      "storefront.store.concern": "catalog",
      [REQUEST_ID_ATTRIBUTE]: "req-store-1",
    });
    assert.equal(span.status.code, 0, "unset: it succeeded");
  });

  it("a refused store call's span is an error naming the kind of refusal", async () => {
    await assert.rejects(inRequest("req-store-2", () => store.getProduct("")));
    const [span] = named("store getProduct");
    assert.equal(span.status.code, 2);
    assert.equal(span.status.message, "StoreError: invalid_input");
  });

  it("a Stripe call is a child span named by its method and path, Stripe's ids left out", async () => {
    const stripe = new Stripe("sk_test_tracing", {
      host: "127.0.0.1",
      port: standIn.port,
      protocol: "http",
      telemetry: false,
      maxNetworkRetries: 0,
      httpClient: tracedHttpClient(),
    });
    let sessionId = "";
    const parent = await inRequest("req-stripe", async () => {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        success_url: "http://shop.test/back",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1999, product_data: { name: "Lamp" } } }],
      });
      sessionId = session.id;
      await stripe.checkout.sessions.retrieve(session.id);
    });
    const [created] = named("stripe POST /v1/checkout/sessions");
    const [read] = named("stripe GET /v1/checkout/sessions/{id}");
    assert.ok(
      created && read,
      exporter
        .getFinishedSpans()
        .map((span) => span.name)
        .join(", "),
    );
    assert.deepEqual([parentOf(created), parentOf(read)], [parent, parent]);
    assert.equal(read.attributes["url.path"], "/v1/checkout/sessions/{id}");
    assert.ok(!JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes)).includes(sessionId), "no session id");
    assert.equal(created.attributes[REQUEST_ID_ATTRIBUTE], "req-stripe");
  });

  it("an SMTP send is a span named by its outbox id and attempt, never its address or words", async () => {
    const lamp = await store.addProduct(newProduct({ name: "Mail Lamp" }));
    await placeGuestOrder(store, lamp, { quantity: 1, email: "private.person@example.com" });
    exporter.reset();
    const sent: string[] = [];
    const transport = { sendMail: async (mail: { to: string }) => void sent.push(mail.to) } as never;
    await inRequest("req-mail", () => drainOutbox(store, { transport, from: "shop@example.com" }));
    assert.ok(sent.length >= 1);
    const sends = named("smtp send");
    assert.equal(sends.length, sent.length);
    assert.ok(!JSON.stringify(sends.map((span) => span.attributes)).includes("private.person"), "no address");
    assert.equal(sends[0].attributes["storefront.attempt"], 1);
    assert.equal(typeof sends[0].attributes["storefront.outbox_id"], "string");
  });

  it("a span keeps a URL's path only, a search's words as [q]; a failure is recorded by its name and code, never its message", async () => {
    requestStorage().run({ reqId: "req-urls", route: "/orders-page/o1" }, () => {
      trace
        .getTracer("test")
        .startSpan("GET /orders-page/o1?token=SECRETTOKEN", {
          attributes: { "http.target": "/orders-page/o1?token=SECRETTOKEN", "url.full": "https://shop.test/search/lamp%20shade?page=2" },
        })
        .end();
    });
    const [span] = named("GET /orders-page/o1");
    assert.ok(
      span,
      exporter
        .getFinishedSpans()
        .map((s) => s.name)
        .join(", "),
    );
    assert.equal(span.attributes["http.target"], "/orders-page/o1");
    assert.equal(span.attributes["url.full"], "https://shop.test/search/[q]");

    const lamp = await store.addProduct(newProduct({ name: "Refused Lamp" }));
    await placeGuestOrder(store, lamp, { quantity: 1, email: "refused.person@example.com" });
    exporter.reset();
    const refusing = {
      sendMail: async () => {
        throw Object.assign(new Error("550 5.1.1 <refused.person@example.com>: Recipient address rejected"), { code: "EENVELOPE" });
      },
    } as never;
    await drainOutbox(store, { transport: refusing, from: "shop@example.com" });
    const [failed] = named("smtp send");
    assert.equal(failed.status.code, 2);
    assert.equal(failed.status.message, "Error: EENVELOPE");
    assert.ok(!JSON.stringify({ events: failed.events, status: failed.status }).includes("refused.person"), "no address in the span");
  });
});

describe("whether the shop exports traces", () => {
  it("without an OTLP endpoint, off Vercel, it registers nothing and never loads the SDK: every span is the API's no-op", async () => {
    const names = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "VERCEL"] as const;
    const env = process.env as Record<string, string | undefined>;
    const saved = names.map((name) => env[name]);
    for (const name of names) delete env[name];
    try {
      // The SDK is an ES module this runner cannot load: asked to, registerTracing would throw, not answer false.
      assert.equal(await registerTracing(), false);
    } finally {
      names.forEach((name, i) => (saved[i] === undefined ? delete env[name] : (env[name] = saved[i])));
    }
  });
});
