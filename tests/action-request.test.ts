import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ACTION_BODY_LIMIT_BYTES, refuseActionRequest } from "@/lib/security/action-request";

// React's own encoder: whatever the browser really sends must pass the gate.
const flight = createRequire(join(process.cwd(), "package.json"))("next/dist/compiled/react-server-dom-turbopack/client.edge.js") as {
  encodeReply(args: unknown[]): Promise<string | FormData>;
};

function asRequest(body: string | FormData, contentType?: string) {
  const request = new Request("http://localhost/", { method: "POST", body });
  const type = contentType ?? request.headers.get("content-type");
  return {
    origin: "http://localhost",
    host: "localhost",
    forwardedHost: null,
    contentType: type,
    contentLength: typeof body === "string" ? String(Buffer.byteLength(body)) : null,
    body: () => request.clone().body,
  };
}

describe("the server action shape check", () => {
  test("passes every argument list React's encodeReply produces for our actions", async () => {
    const form = new FormData();
    form.set("productName", "$5 lamp <b>bold</b> 🚀");
    form.set("productPrize", "12.50");
    const previous = { ok: false, error: "$ sign, and \u0000 control", fieldErrors: { name: "x" }, values: { name: "$$" } };
    const calls: unknown[][] = [
      ["aurora-anc-headphones"],
      ["$Q5 looks like a reference but is text"],
      [undefined, null, NaN, Infinity, -Infinity, -0, new Date(0), 10n, { nested: ["$@1"] }],
      [null, form],
      [previous, form],
    ];
    for (const args of calls) {
      const body = await flight.encodeReply(args);
      assert.equal(await refuseActionRequest(asRequest(body)), null, `refused ${JSON.stringify(String(body))}`);
    }
  });

  test("refuses bodies that are not a JSON list", async () => {
    for (const body of ["not json{", "", "5", "{}", '"text"', "[1,"]) {
      const refusal = await refuseActionRequest(asRequest(body, "text/plain;charset=UTF-8"));
      assert.equal(refusal?.status, 400, `let ${JSON.stringify(body)} through`);
    }
  });

  test("refuses Flight references that point at parts the call does not have", async () => {
    for (const reference of ["$@1", "$Q5", "$W2", "$h3", "$F1", "$T", "$B4", "$R1", "$K1", "$", "$i1", "$Z"]) {
      const refusal = await refuseActionRequest(asRequest(JSON.stringify([{ deep: [reference] }]), "text/plain"));
      assert.equal(refusal?.status, 400, `let ${reference} through in text/plain`);
    }
    const form = new FormData();
    form.set("0", JSON.stringify(["$@1"]));
    assert.equal((await refuseActionRequest(asRequest(form)))?.status, 400);
  });

  test("refuses multipart calls without a readable argument list", async () => {
    const noArguments = new FormData();
    noArguments.set("a", "b");
    assert.equal((await refuseActionRequest(asRequest(noArguments)))?.status, 400);
    const notJson = new FormData();
    notJson.set("0", "notjson");
    assert.equal((await refuseActionRequest(asRequest(notJson)))?.status, 400);
    const broken = await refuseActionRequest(asRequest("garbage", "multipart/form-data; boundary=zz"));
    assert.equal(broken?.status, 400);
  });

  test("refuses other content types and bodies over 1 MB", async () => {
    assert.equal((await refuseActionRequest(asRequest('["x"]', "application/json")))?.status, 415);
    assert.equal((await refuseActionRequest({ ...asRequest('["x"]'), contentType: null }))?.status, 415);
    const huge = JSON.stringify(["a".repeat(ACTION_BODY_LIMIT_BYTES)]);
    assert.equal((await refuseActionRequest(asRequest(huge, "text/plain")))?.status, 413);
    assert.equal((await refuseActionRequest({ ...asRequest(huge, "text/plain"), contentLength: null }))?.status, 413);
  });

  test("refuses calls from another site, and passes calls without an Origin on to Next", async () => {
    for (const origin of ["https://evil.example", "null", "http://localhost:1", "not a url"]) {
      const refusal = await refuseActionRequest({ ...asRequest('["x"]', "text/plain"), origin });
      assert.equal(refusal?.status, 403, `let Origin ${origin} through`);
    }
    assert.equal(await refuseActionRequest({ ...asRequest('["x"]', "text/plain"), origin: null }), null);
    const proxied = {
      ...asRequest('["x"]', "text/plain"),
      origin: "https://shop.example",
      host: "127.0.0.1:3000",
      forwardedHost: "shop.example",
    };
    assert.equal(await refuseActionRequest(proxied), null);
  });

  test("refuses nesting deeper than any real argument", async () => {
    const deep = "[".repeat(100) + "]".repeat(100);
    assert.equal((await refuseActionRequest(asRequest(deep, "text/plain")))?.status, 400);
  });

  test("a chunked body past 1 MB is refused as soon as it passes, read from a clone (a tee) as proxy.ts reads it", async () => {
    const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)) });
    const request = new Request("http://localhost/", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 5_000).unref());
    const refusal = await Promise.race([
      refuseActionRequest({ ...asRequest("[]", "text/plain"), contentLength: null, body: () => request.clone().body }),
      timeout,
    ]);
    assert.deepEqual(refusal, { status: 413, message: "A server action call may carry at most 1 MB." });
  });
});
