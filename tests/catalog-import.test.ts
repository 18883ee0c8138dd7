import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import demoFile from "@/data/demo-products.json";
import { demoProducts } from "@/lib/catalog/demo";
import { parseProductImport } from "@/lib/catalog/import";
import type { Product } from "@/lib/data/contract/catalog";

const NOW = Date.UTC(2026, 5, 1);

/** A valid record in the shop's clean field names; override any field. */
function clean(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "trail-bottle",
    name: "Trail Bottle",
    price: 19.5,
    image: "/products/trail-bottle.webp",
    details: "A steel bottle. Keeps drinks cold.",
    type: "Sport",
    ...overrides,
  };
}

/** The same product as the original app stored it in Firestore. */
function legacy(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productName: "Legacy Lamp",
    productPrize: 42.25,
    productImage: "https://cdn.example.com/lamp.webp",
    productDetails: "A desk lamp. Warm light.",
    productType: "Electronics",
    ...overrides,
  };
}

/** Parses records that must all be accepted, failing with the rejects otherwise. */
function acceptAll(json: unknown): Product[] {
  const { products, rejects } = parseProductImport(json, NOW);
  assert.deepEqual(rejects, []);
  return products;
}

/** Parses one record that must be rejected; returns the reason. */
function rejectOne(record: unknown): string {
  const { products, rejects } = parseProductImport([record], NOW);
  assert.deepEqual(products, []);
  assert.equal(rejects.length, 1, `one reject, got ${JSON.stringify(rejects)}`);
  assert.equal(rejects[0].position, 1);
  return rejects[0].reason;
}

describe("parseProductImport", () => {
  describe("field names", () => {
    it("accepts the clean field names as given", () => {
      const [product] = acceptAll([clean({ createdAt: 1234 })]);
      assert.deepEqual(product, {
        id: "trail-bottle",
        name: "Trail Bottle",
        priceCents: 1950,
        // One image reads as the first of the product's images, its alt text the name.
        images: [{ src: "/products/trail-bottle.webp", alt: "Trail Bottle" }],
        details: "A steel bottle. Keeps drinks cold.",
        type: "Sport",
        createdAt: 1234,
      });
    });

    it("takes a list of images, each an address or { src, alt }, an alt text left out being the name", () => {
      const [product] = acceptAll([
        clean({
          image: undefined,
          images: ["/products/a.webp", { src: "/products/b.webp", alt: "The back" }, { src: "/products/c.webp" }],
        }),
      ]);
      assert.deepEqual(product.images, [
        { src: "/products/a.webp", alt: "Trail Bottle" },
        { src: "/products/b.webp", alt: "The back" },
        { src: "/products/c.webp", alt: "Trail Bottle" },
      ]);
    });

    it("rejects an empty alt text, a ninth image, an image twice or an empty list, naming the images", () => {
      for (const images of [
        [{ src: "/products/a.webp", alt: " " }],
        Array.from({ length: 9 }, (_, i) => `/products/p${i}.webp`),
        ["/products/a.webp", "/products/a.webp"],
        [],
      ]) {
        assert.match(rejectOne(clean({ image: undefined, images })), /^images/, JSON.stringify(images));
      }
    });

    it("maps the legacy Firestore names onto the clean ones", () => {
      const [product] = acceptAll([legacy({ id: "lamp-1" })]);
      assert.deepEqual(product, {
        id: "lamp-1",
        name: "Legacy Lamp",
        priceCents: 4225,
        images: [{ src: "https://cdn.example.com/lamp.webp", alt: "Legacy Lamp" }],
        details: "A desk lamp. Warm light.",
        type: "Electronics",
        createdAt: NOW,
      });
    });

    it("accepts productPrize as a numeric string and reads it into whole cents", () => {
      const [a, b] = acceptAll([legacy({ productPrize: "42.25" }), legacy({ productName: "Other Lamp", productPrize: " 7 " })]);
      assert.equal(a.priceCents, 4225);
      assert.equal(typeof a.priceCents, "number");
      assert.equal(b.priceCents, 700);
    });

    it("prefers a clean name over its legacy twin when both are present", () => {
      const [product] = acceptAll([legacy({ name: "Clean Lamp", price: 10 })]);
      assert.equal(product.name, "Clean Lamp");
      assert.equal(product.priceCents, 1000);
    });
  });

  describe("input shape", () => {
    it("accepts a bare array and a { products: [...] } wrapper alike", () => {
      const records = [clean(), clean({ id: "second", name: "Second" })];
      const fromArray = acceptAll(records);
      const fromWrapper = acceptAll({ products: records });
      assert.equal(fromArray.length, 2);
      assert.deepEqual(fromWrapper, fromArray);
    });

    it("accepts an empty array with no products and no rejects", () => {
      assert.deepEqual(parseProductImport([], NOW), { products: [], rejects: [] });
    });

    for (const [label, input] of [
      ["an object without products", { items: [clean()] }],
      ["products that is not an array", { products: clean() }],
      ["a string", "[]"],
      ["a number", 42],
      ["null", null],
    ] as const) {
      it(`rejects ${label} as a whole, at position 0`, () => {
        const { products, rejects } = parseProductImport(input, NOW);
        assert.deepEqual(products, []);
        assert.equal(rejects.length, 1);
        assert.equal(rejects[0].position, 0);
        assert.match(rejects[0].reason, /array/);
      });
    }
  });

  describe("bad records", () => {
    it("rejects a non-numeric price, naming the price", () => {
      assert.match(rejectOne(clean({ price: "twelve" })), /price/i);
      assert.match(rejectOne(legacy({ productPrize: "12,50" })), /price/i);
    });

    it("rejects a zero, negative or three-decimal price, naming the price", () => {
      assert.match(rejectOne(clean({ price: 0 })), /price/i);
      assert.match(rejectOne(clean({ price: -5 })), /price/i);
      assert.match(rejectOne(clean({ price: 1.005 })), /price/i);
    });

    it("rejects an unknown type, naming the type", () => {
      const reason = rejectOne(clean({ type: "Furniture" }));
      assert.match(reason, /type/i);
      assert.doesNotMatch(reason, /price|name|image/i);
    });

    it("rejects a record without a name, naming the name", () => {
      const record = clean();
      delete record.name;
      assert.match(rejectOne(record), /name/i);
      assert.match(rejectOne(clean({ name: "   " })), /name/i);
    });

    it("rejects a plain-http image, naming the image", () => {
      const reason = rejectOne(clean({ image: "http://cdn.example.com/x.webp" }));
      assert.match(reason, /image/i);
      assert.match(reason, /https/);
    });

    for (const [label, record] of [
      ["null", null],
      ["a string", "Trail Bottle"],
      ["a number", 7],
      ["an array", [clean()]],
    ] as const) {
      it(`rejects a record that is ${label} as not an object`, () => {
        assert.match(rejectOne(record), /object/);
      });
    }

    it("reports each bad record at its 1-based position, in file order", () => {
      const { products, rejects } = parseProductImport(
        [
          clean({ id: "ok-1" }),
          clean({ id: "bad-price", price: "abc" }),
          null,
          clean({ id: "ok-2", name: "Ok Two" }),
          clean({ id: "bad-type", type: "Toys" }),
        ],
        NOW,
      );
      assert.deepEqual(
        rejects.map((r) => r.position),
        [2, 3, 5],
      );
      assert.match(rejects[0].reason, /price/i);
      assert.match(rejects[1].reason, /object/);
      assert.match(rejects[2].reason, /type/i);
      assert.deepEqual(
        products.map((p) => p.id),
        ["ok-1", "ok-2"],
      );
    });

    it("rejects a repeated id, naming the position of the first", () => {
      const { products, rejects } = parseProductImport(
        [clean({ id: "other", name: "Other" }), clean({ id: "dup" }), clean({ id: "dup", name: "Copy" })],
        NOW,
      );
      assert.deepEqual(
        products.map((p) => p.id),
        ["other", "dup"],
      );
      assert.equal(products[1].name, "Trail Bottle", "the first record with the id wins");
      assert.equal(rejects.length, 1);
      assert.equal(rejects[0].position, 3);
      assert.match(rejects[0].reason, /duplicate/);
      assert.match(rejects[0].reason, /"dup"/);
      assert.match(rejects[0].reason, /position 2\b/);
    });

    it("returns every valid record even when others are rejected", () => {
      const { products, rejects } = parseProductImport(
        [legacy({ productType: "Unknown" }), legacy(), clean({ image: "ftp://x" }), clean()],
        NOW,
      );
      assert.equal(rejects.length, 2);
      assert.deepEqual(
        products.map((p) => p.name),
        ["Legacy Lamp", "Trail Bottle"],
      );
    });
  });

  describe("derived ids", () => {
    const noId = (name: string, type = "Book") => legacy({ productName: name, productType: type });

    it("gives a record without an id a well-formed id", () => {
      const [product] = acceptAll([noId("The Quiet Algorithm")]);
      assert.match(product.id, /^[A-Za-z0-9_-]{1,128}$/);
    });

    it("derives the same id from the same name and type on every call", () => {
      const [first] = acceptAll([noId("The Quiet Algorithm")]);
      const [again] = parseProductImport([noId("The Quiet Algorithm")], NOW + 60_000).products;
      assert.equal(again.id, first.id);
    });

    it("derives different ids for different names, or the same name under another type", () => {
      const [a, b, c] = acceptAll([noId("Book One"), noId("Book Two"), noId("Book One", "Sport")]);
      assert.notEqual(a.id, b.id);
      assert.notEqual(a.id, c.id);
    });

    it("rejects two id-less records with the same name and type as duplicates", () => {
      const { products, rejects } = parseProductImport([noId("Twin"), noId("Twin")], NOW);
      assert.equal(products.length, 1);
      assert.equal(rejects.length, 1);
      assert.equal(rejects[0].position, 2);
      assert.match(rejects[0].reason, /first at position 1\b/);
    });
  });

  describe("createdAt", () => {
    it("defaults createdAt so the first record in the file is the newest", () => {
      const records = ["A", "B", "C", "D"].map((name) => clean({ id: `id-${name}`, name }));
      const products = acceptAll(records);
      const byNewest = [...products].sort((x, y) => y.createdAt - x.createdAt);
      assert.deepEqual(
        byNewest.map((p) => p.name),
        ["A", "B", "C", "D"],
      );
      assert.equal(new Set(products.map((p) => p.createdAt)).size, 4, "no two records tie");
      assert.equal(products[0].createdAt, NOW);
      assert.ok(products.every((p) => p.createdAt <= NOW));
    });

    it("keeps an explicit createdAt", () => {
      const [product] = acceptAll([clean({ createdAt: 5 })]);
      assert.equal(product.createdAt, 5);
    });
  });
});

describe("demoProducts", () => {
  const products = demoProducts();

  it("has 48 products with unique ids", () => {
    assert.equal(products.length, 48);
    assert.equal(new Set(products.map((p) => p.id)).size, 48);
  });

  it("has at least 12 Electronics and 8 Accessories", () => {
    const count = (type: string) => products.filter((p) => p.type === type).length;
    assert.ok(count("Electronics") >= 12, `${count("Electronics")} Electronics`);
    assert.ok(count("Accessories") >= 8, `${count("Accessories")} Accessories`);
  });

  it("points every image at a file that exists under public/", () => {
    const missing = products.filter((p) => {
      if (!p.images[0].src.startsWith("/")) return true;
      try {
        return !statSync(join(process.cwd(), "public", p.images[0].src)).isFile();
      } catch {
        return true;
      }
    });
    assert.deepEqual(
      missing.map((p) => `${p.id}: ${p.images[0].src}`),
      [],
    );
  });

  it("describes every product in exactly two sentences", () => {
    const wrong = products.filter((p) => {
      const sentences = p.details.trim().split(/(?<=[.!?])\s+/);
      return sentences.length !== 2 || !sentences.every((s) => /^[A-Z0-9"'].*[.!?]$/.test(s));
    });
    assert.deepEqual(
      wrong.map((p) => `${p.id}: ${p.details}`),
      [],
    );
  });

  it("lists newest first, in the file's order", () => {
    for (let i = 1; i < products.length; i++) {
      assert.ok(products[i - 1].createdAt > products[i].createdAt, `${products[i - 1].id} is newer than ${products[i].id}`);
    }
    assert.deepEqual(
      products.map((p) => p.id),
      (demoFile as Array<{ id: string }>).map((r) => r.id),
    );
  });

  it("returns the same ids and timestamps on every call, so re-seeding changes nothing", () => {
    assert.deepEqual(demoProducts(), products);
  });
});

describe("parseProductImport: price text", () => {
  it("reads plain decimal text as a number and rejects other numeric notations", () => {
    const base = { name: "Lamp", image: "/products/lamp.webp", details: "Warm. Bright.", type: "Electronics" };
    const { products, rejects } = parseProductImport([
      { ...base, id: "ok", price: " 12.50 " },
      { ...base, id: "hex", price: "0x10" },
      { ...base, id: "exp", price: "1e2" },
      { ...base, id: "bin", price: "0b11" },
    ]);
    assert.deepEqual(
      products.map((p) => [p.id, p.priceCents]),
      [["ok", 1250]],
    );
    assert.deepEqual(
      rejects.map((r) => r.position),
      [2, 3, 4],
    );
  });
});
