/**
 * The cart forms posted without JavaScript (lib/cart/form-post.ts) against a
 * real SQLite store: each intent does what the matching server action does,
 * and every bad form changes nothing. Also the escaping of the pages made
 * without React (lib/no-script/html.ts).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { applyCartForm, isCartFormOutcome } from "@/lib/cart/form-post";
import type { CartRequest } from "@/lib/cart/request-cart";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { escapeHtml, html, Html } from "@/lib/no-script/html";
import { product, productsOf } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "cart-form-post-"));
const guest: CartOwner = "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("cart forms posted without JavaScript", () => {
  let store: Store;
  let request: CartRequest;
  before(async () => {
    store = await openSqliteStore(join(dir, "store.db"));
    await store.upsertProducts([product("lamp", 1), product("mug", 2)]);
    request = { owner: async () => guest, store: async () => store, products: productsOf(store) };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("add, add again, set and remove do what the actions do", async () => {
    assert.equal(await applyCartForm(request, form({ intent: "add", productId: "lamp" })), "added");
    assert.equal(await applyCartForm(request, form({ intent: "add", productId: "lamp" })), "increased");
    assert.equal(await applyCartForm(request, form({ intent: "set", productId: "lamp", quantity: " 7 " })), "updated");
    assert.deepEqual(
      (await store.listCart(guest)).map((line) => [line.productId, line.quantity]),
      [["lamp", 7]],
    );
    assert.equal(await applyCartForm(request, form({ intent: "remove", productId: "lamp" })), "removed");
    assert.deepEqual(await store.listCart(guest), []);
  });

  test("a bad form is refused with the action's own code and changes nothing", async () => {
    await applyCartForm(request, form({ intent: "add", productId: "mug" }));
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: "set", productId: "mug", quantity: "1000" }, "invalid_quantity"],
      [{ intent: "set", productId: "mug", quantity: "0" }, "invalid_quantity"],
      [{ intent: "set", productId: "mug", quantity: "2.5" }, "invalid_quantity"],
      [{ intent: "set", productId: "mug", quantity: "" }, "invalid_quantity"],
      [{ intent: "set", productId: "mug" }, "invalid_quantity"],
      [{ intent: "add", productId: "../etc/passwd" }, "invalid_input"],
      [{ intent: "add" }, "invalid_input"],
      [{ intent: "add", productId: "no-such-product" }, "not_found"],
      [{ intent: "drop-table", productId: "mug" }, "invalid_input"],
      [{ productId: "mug" }, "invalid_input"],
    ];
    for (const [fields, code] of cases) assert.equal(await applyCartForm(request, form(fields)), code, JSON.stringify(fields));
    assert.deepEqual(
      (await store.listCart(guest)).map((line) => [line.productId, line.quantity]),
      [["mug", 1]],
    );
  });

  test("only the outcomes the page has words for are read back from its address", () => {
    for (const known of ["added", "removed", "cart_full", "unavailable"]) assert.equal(isCartFormOutcome(known), true, known);
    for (const unknown of [null, "", "<script>", "toString", "constructor"])
      assert.equal(isCartFormOutcome(unknown), false, String(unknown));
  });
});

describe("HTML made without React", () => {
  test("every interpolated value is escaped; markup built by html is kept", () => {
    const name = `<img src=x onerror="alert('x')"> & co`;
    assert.equal(escapeHtml(name), "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co");
    const inner = html`<b>${name}</b>`;
    assert.equal(
      html`<p title="${name}">${inner}${[1, null, false, "<i>"]}</p>`.text,
      `<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co"><b>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co</b>1&lt;i&gt;</p>`,
    );
    assert.equal(Html.raw("<hr>").text, "<hr>");
  });
});
