import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ACTION_BODY_LIMITS } from "@/lib/security/action-limits";
import { ACTION_BODY_LIMIT_BYTES, refuseActionRequest, refuseFormPost } from "@/lib/security/action-request";

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

  test("an admin's call may carry a photo: up to its own limit, with the limit in the refusal", async () => {
    const form = new FormData();
    form.set("0", '["$K1"]');
    form.set("1_productPhoto", new File([new Uint8Array(2 * ACTION_BODY_LIMIT_BYTES)], "lamp.jpg", { type: "image/jpeg" }));
    const photoCall = asRequest(form);
    assert.equal((await refuseActionRequest(photoCall))?.status, 413, "a shopper's limit refuses it");
    assert.equal(await refuseActionRequest({ ...photoCall, limitBytes: ACTION_BODY_LIMITS.admin }), null);
    const huge = JSON.stringify(["a".repeat(ACTION_BODY_LIMITS.admin)]);
    assert.deepEqual(
      await refuseActionRequest({ ...asRequest(huge, "text/plain"), contentLength: null, limitBytes: ACTION_BODY_LIMITS.admin }),
      {
        status: 413,
        message: "A server action call may carry at most 4.5 MB.",
      },
    );
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

const ACTION = "00" + "ab".repeat(20);

/** A form React renders for a bound action (useActionState) and a browser without JavaScript posts. */
function boundForm(bound: unknown[], id = ACTION): FormData {
  const form = new FormData();
  form.set("$ACTION_REF_1", "");
  form.set("$ACTION_1:0", JSON.stringify({ id, bound: "$@1" }));
  form.set("$ACTION_1:1", JSON.stringify(bound));
  form.set("$ACTION_KEY", "k1234");
  form.set("reason", "$Q5 typed by a person is text");
  return form;
}

function urlEncoded(form: FormData): string {
  return new URLSearchParams([...form.entries()].map(([k, v]) => [k, String(v)])).toString();
}

describe("the no-JavaScript form post check", () => {
  const known = { isKnownAction: (id: string) => id === ACTION };

  test("passes a bound action's form with plain values, multipart or urlencoded, and a form without action fields", async () => {
    const good = boundForm([{ reason: "", error: null, done: false, note: "$$ escaped" }, "$undefined", "$D2020-01-01T00:00:00.000Z"]);
    assert.equal(await refuseFormPost({ ...asRequest(good), ...known }), null);
    assert.equal(await refuseFormPost({ ...asRequest(urlEncoded(good), "application/x-www-form-urlencoded"), ...known }), null);
    const unbound = new FormData();
    unbound.set(`$ACTION_ID_${ACTION}`, "");
    unbound.set("productId", "lamp");
    assert.equal(await refuseFormPost({ ...asRequest(unbound), ...known }), null);
    const plain = new FormData();
    plain.set("line", "lamp|20|2");
    assert.equal(await refuseFormPost({ ...asRequest(plain), ...known }), null);
  });

  test("refuses bound arguments that are not plain values (a dangling $Q5, $@ to a missing part), never Next's 500", async () => {
    for (const bound of [["$Q5"], [{ deep: ["$W2"] }], ["$@9"], ["$K1"]]) {
      const form = boundForm(bound);
      assert.equal((await refuseFormPost({ ...asRequest(form), ...known }))?.status, 400, JSON.stringify(bound));
      const encoded = urlEncoded(form);
      assert.equal((await refuseFormPost({ ...asRequest(encoded, "application/x-www-form-urlencoded"), ...known }))?.status, 400);
    }
    const notJson = boundForm([]);
    notJson.set("$ACTION_1:1", "[not json");
    assert.equal((await refuseFormPost({ ...asRequest(notJson), ...known }))?.status, 400);
    const noId = boundForm([]);
    noId.set("$ACTION_1:0", JSON.stringify({ bound: "$@1" }));
    assert.equal((await refuseFormPost({ ...asRequest(noId), ...known }))?.status, 400);
  });

  test("refuses a form naming an action this build does not have: 404, as Next answers it, marked for its client", async () => {
    const bound = await refuseFormPost({ ...asRequest(boundForm([], "00" + "cd".repeat(20))), ...known });
    assert.equal(bound?.status, 404);
    assert.equal(bound?.unknownAction, true);
    const unbound = new FormData();
    unbound.set(`$ACTION_ID_${"00" + "cd".repeat(20)}`, "");
    assert.equal((await refuseFormPost({ ...asRequest(unbound), ...known }))?.status, 404);
    const malformed = new FormData();
    malformed.set("$ACTION_ID_not-an-id", "");
    assert.equal((await refuseFormPost({ ...asRequest(malformed), ...known }))?.status, 400);
  });

  test("a Next-Action call naming an action this build does not have: 404 marked for Next's client; a malformed id 400", async () => {
    const call = (actionId: string) => refuseActionRequest({ ...asRequest('["x"]', "text/plain"), ...known, actionId });
    assert.equal(await call(ACTION), null);
    assert.deepEqual(await call("00" + "cd".repeat(20)), {
      status: 404,
      message: "This page is older or newer than the shop: reload it.",
      unknownAction: true,
    });
    assert.equal((await call("not-an-action-id"))?.status, 400);
    // Where the build's actions cannot be read, the check is left to Next.
    assert.equal(
      await refuseActionRequest({ ...asRequest('["x"]', "text/plain"), isKnownAction: () => undefined, actionId: "00" + "cd".repeat(20) }),
      null,
    );
  });
});
