import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { REFUSALS, refuseCaller } from "@/lib/admin/guard";
import { formFieldOf, formValues, parseProductValues } from "@/lib/admin/product-form";
import { parseStockText, STOCK_MESSAGES, STOCK_OPENED_FIELD, stockWhenOpened } from "@/lib/admin/stock-field";
import { IMAGE_URL_MESSAGES } from "@/lib/data/contract/image-url";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** The form rules as the actions run them: the form read once, then its values checked. */
function parseForm(data: FormData) {
  return parseProductValues(formValues(data));
}

const good = {
  productName: "  Desk Lamp ",
  productImage: "https://cdn.example.com/lamp.jpg",
  productPrize: "39.99",
  productDetails: "Warm light.",
  productType: "Electronics",
};

describe("parseProductValues", () => {
  it("maps the form ids to the store's names, trimmed and typed", () => {
    assert.deepEqual(parseForm(form(good)), {
      ok: true,
      product: {
        name: "Desk Lamp",
        // The image added without alt text takes the product's name.
        images: [{ src: "https://cdn.example.com/lamp.jpg", alt: "Desk Lamp" }],
        details: "Warm light.",
        type: "Electronics",
        priceCents: 3999,
      },
    });
  });

  it("accepts every spec type and a local image path", () => {
    for (const type of ["Accessories", "Electronics", "Book", "Sport"]) {
      assert.equal(parseForm(form({ ...good, productType: type })).ok, true, type);
    }
    assert.equal(parseForm(form({ ...good, productImage: "/products/lamp.webp" })).ok, true);
  });

  it("names every missing field by its form id", () => {
    const result = parseForm(form({}));
    assert.equal(result.ok, false);
    assert.deepEqual(Object.keys(result.ok ? {} : result.fieldErrors).sort(), [
      "productDetails",
      "productImage",
      "productName",
      "productPrize",
      "productType",
    ]);
    assert.equal(result.ok ? "" : result.fieldErrors.productPrize, "Price is required");
  });

  it("uses the store's rules for bad values", () => {
    const result = parseForm(form({ ...good, productImage: "http://cdn.example.com/a.jpg", productPrize: "0", productType: "Food" }));
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.fieldErrors.productImage, "Image must be an https URL");
    assert.equal(result.fieldErrors.productPrize, "Price must be more than 0");
    assert.equal(result.fieldErrors.productType, "Choose a product type");
    assert.equal(result.fieldErrors.productName, undefined);
  });

  it("names the Image field for an address the store refuses, and keeps the others", () => {
    const cases: Array<[string, string]> = [
      ["https:alert(1)", IMAGE_URL_MESSAGES.host],
      ["https://user:pw@x.com/a.jpg", IMAGE_URL_MESSAGES.credentials],
      ["https://localhost/a.jpg", IMAGE_URL_MESSAGES.host],
      ["https://exa mple.com/a.jpg", IMAGE_URL_MESSAGES.notHttps],
    ];
    for (const [image, message] of cases) {
      const result = parseForm(form({ ...good, productImage: image }));
      assert.deepEqual(result, { ok: false, fieldErrors: { productImage: message } }, image);
    }
  });

  it("hands the store the image address in its normal form", () => {
    const result = parseForm(form({ ...good, productImage: "HTTPS://Example.COM/a b.jpg" }));
    assert.equal(result.ok && result.product.images[0].src, "https://example.com/a%20b.jpg");
  });

  it("reads the price as plain decimal only", () => {
    for (const text of ["abc", "0x10", "1e3", "12,50", "Infinity", "NaN", "1.2.3"]) {
      const result = parseForm(form({ ...good, productPrize: text }));
      assert.equal(result.ok ? "" : result.fieldErrors.productPrize, "Price must be a number", text);
    }
    assert.equal(parseForm(form({ ...good, productPrize: "-5" })).ok, false);
    assert.equal(parseForm(form({ ...good, productPrize: "1.005" })).ok, false);
    const ok = parseForm(form({ ...good, productPrize: " 12.5 " }));
    assert.equal(ok.ok && ok.product.priceCents, 1250);
  });

  it("ignores extra fields (they never reach the store)", () => {
    const result = parseForm(form({ ...good, id: "chosen-id", createdAt: "1" }));
    assert.equal(result.ok, true);
    assert.equal(result.ok && "id" in result.product, false);
  });

  it("refuses file uploads in place of text", () => {
    const data = form(good);
    data.set("productName", new Blob(["x"]), "name.txt");
    const result = parseForm(data);
    assert.equal(result.ok, false);
  });
});

describe("the form's rows of images", () => {
  /** `good` without an image to add, with rows of [src, alt] and the addresses ticked for removal. */
  function withRows(rows: [string, string][], removed: string[] = [], extra: Record<string, string> = {}) {
    const data = form({ ...good, productImage: "", ...extra });
    for (const [src, alt] of rows) {
      data.append("imageSrc", src);
      data.append("imageAlt", alt);
    }
    for (const src of removed) data.append("imageRemove", src);
    return data;
  }

  it("keeps the rows in the order posted, each with its alt text, then the image added", () => {
    const result = parseForm(
      withRows(
        [
          ["/products/b.webp", "Back"],
          ["/products/a.webp", " Front "],
        ],
        [],
        { productImage: "/products/c.webp", productImageAlt: "Side" },
      ),
    );
    assert.deepEqual(result.ok && result.product.images, [
      { src: "/products/b.webp", alt: "Back" },
      { src: "/products/a.webp", alt: "Front" },
      { src: "/products/c.webp", alt: "Side" },
    ]);
  });

  it("leaves out a row ticked for removal, and refuses to remove the last image", () => {
    const rows: [string, string][] = [
      ["/products/a.webp", "Front"],
      ["/products/b.webp", "Back"],
    ];
    const kept = parseForm(withRows(rows, ["/products/a.webp"]));
    assert.deepEqual(kept.ok && kept.product.images, [{ src: "/products/b.webp", alt: "Back" }]);
    const none = parseForm(withRows(rows, ["/products/a.webp", "/products/b.webp"]));
    assert.deepEqual(none, { ok: false, fieldErrors: { productImage: "Image is required" } });
  });

  it("names a row by its place when its alt text is missing, and refuses an image listed twice or a ninth", () => {
    const blank = parseForm(
      withRows([
        ["/products/a.webp", "Front"],
        ["/products/b.webp", "  "],
      ]),
    );
    assert.deepEqual(blank, { ok: false, fieldErrors: { productImage: "Image 2: Alt text is required" } });
    const twice = parseForm(withRows([["/products/a.webp", "Front"]], [], { productImage: "/products/a.webp" }));
    assert.deepEqual(twice, { ok: false, fieldErrors: { productImage: "The same image is listed twice" } });
    const nine = Array.from({ length: 9 }, (_, i): [string, string] => [`/products/p${i}.webp`, `Side ${i}`]);
    assert.deepEqual(parseForm(withRows(nine)), { ok: false, fieldErrors: { productImage: "A product has at most 8 images" } });
  });
});

describe("formValues", () => {
  it("echoes what was typed, '' for missing fields", () => {
    assert.deepEqual(formValues(form({ productName: "Lamp", productStock: " 7 " })), {
      productName: "Lamp",
      productImage: "",
      productImageAlt: "",
      images: [],
      productPrize: "",
      productDetails: "",
      productType: "",
      productStock: " 7 ",
    });
  });
});

describe("formFieldOf", () => {
  it("maps the store's field names back to form ids", () => {
    assert.equal(formFieldOf("priceCents"), "productPrize");
    assert.equal(formFieldOf("type"), "productType");
    assert.equal(formFieldOf("nope"), undefined);
  });
});

describe("refuseCaller (the add-product action's own gate)", () => {
  const page = { origin: "http://localhost:3000", host: "localhost:3000", forwardedHost: "localhost:3000" };

  it("lets an admin on the shop's own page through", () => {
    assert.equal(refuseCaller({ ...page, user: { isAdmin: true } }), null);
  });

  it("refuses a caller without a session, or with a shopper's", () => {
    for (const user of [null, { isAdmin: false }, { isAdmin: "true" as unknown as boolean }]) {
      assert.deepEqual(refuseCaller({ ...page, user }), { ok: false, error: REFUSALS.notAdmin, fieldErrors: {} });
    }
  });

  it("refuses an admin's session used from another origin, or with no Origin", () => {
    for (const origin of ["https://evil.example", null, "null"]) {
      assert.deepEqual(refuseCaller({ ...page, origin, user: { isAdmin: true } }), {
        ok: false,
        error: REFUSALS.crossOrigin,
        fieldErrors: {},
      });
    }
  });
});

describe("the stock field", () => {
  it("reads blank as not tracked and plain digits 0..1,000,000 as the count", () => {
    assert.deepEqual(parseStockText(""), { ok: true, count: null });
    assert.deepEqual(parseStockText("   "), { ok: true, count: null });
    assert.deepEqual(parseStockText("0"), { ok: true, count: 0 });
    assert.deepEqual(parseStockText(" 3 "), { ok: true, count: 3 });
    assert.deepEqual(parseStockText("1000000"), { ok: true, count: 1_000_000 });
  });

  it("refuses anything else with a message for the field", () => {
    for (const text of ["-1", "2.5", "1e3", "0x10", "three", "3 4", "+3"])
      assert.deepEqual(parseStockText(text), { ok: false, error: STOCK_MESSAGES.notWhole }, text);
    for (const text of ["1000001", "99999999999999999999"])
      assert.deepEqual(parseStockText(text), { ok: false, error: STOCK_MESSAGES.tooMany }, text);
  });

  it("reads the stock the edit form was opened at, and refuses a malformed one", () => {
    assert.equal(stockWhenOpened(form({})), null);
    assert.equal(stockWhenOpened(form({ [STOCK_OPENED_FIELD]: "" })), null);
    assert.equal(stockWhenOpened(form({ [STOCK_OPENED_FIELD]: "12" })), 12);
    for (const text of [" 12", "-1", "x", "1.5"]) assert.equal(stockWhenOpened(form({ [STOCK_OPENED_FIELD]: text })), undefined, text);
  });
});
