/**
 * The catalogue as CSV (lib/catalog/product-csv.ts): an export imports back
 * to the same products, whatever their cells hold (formulas, quotes, line
 * breaks, eight images); every row refused names its line and its column;
 * a file with the wrong columns is refused as a whole.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { demoProducts } from "@/lib/catalog/demo";
import { PRODUCT_CSV_COLUMNS, parseProductCsv, productCsvRow } from "@/lib/catalog/product-csv";
import type { Product } from "@/lib/data/contract/catalog";
import { csvLines } from "@/lib/csv/write";

const exported = (products: Product[]) => csvLines([[...PRODUCT_CSV_COLUMNS], ...products.map(productCsvRow)]);

const awkward: Product = {
  id: "awkward-1",
  name: '=HYPERLINK("http://evil.example","Click") "quoted", with commas',
  images: Array.from({ length: 8 }, (_, n) => ({
    src: `/products/awkward-${n + 1}.webp`,
    alt: n === 0 ? "-1 first, as a formula" : `@view ${n + 1}`,
  })),
  priceCents: 1999,
  details: '+ Line one\r\nLine two\nLine three, "with quotes"\n- and a dash',
  type: "Sport",
  createdAt: 1_764_000_000_123,
};

test("the demo catalogue and an awkward product go out and come back the same", () => {
  const products = [...demoProducts(), awkward];
  const back = parseProductCsv(exported(products));
  assert.deepEqual(back.rejects, []);
  assert.equal(back.refusedWhole, false);
  assert.deepEqual(back.products, products);
});

test("no exported cell starts as a formula would", () => {
  const lines = exported([awkward]).split("\r\n");
  assert.match(lines[1], /^awkward-1,"'=HYPERLINK/);
  const text = lines.join("\n");
  assert.ok(text.includes(`,"'-1 first, as a formula",/products/awkward-2.webp,'@view 2,`), "the alt texts are neutralised too");
  assert.ok(text.includes(`,19.99,"'+ Line one`), "and the details");
});

test("each refused row names its line and its column, in the file's order; the good rows are not written either way", () => {
  const text = [
    "name,type,price,details,image1,image1Alt,image2,image2Alt",
    "Good,Book,12.50,Fine,/products/a.webp,,,",
    'Bad type,Toys,1,"Two\nlines",/products/b.webp,,,',
    "No image,Book,1,d,,,/products/c.webp,",
    "Alt alone,Book,1,d,/products/d.webp,,,words",
    "Bad price,Book,12.345,d,/products/e.webp,,,",
    "Bad image,Book,1,d,/products/f.webp,,not an image,",
    "Short,Book",
  ].join("\n");
  const { products, rejects } = parseProductCsv(text);
  assert.deepEqual(
    products.map((product) => product.name),
    ["Good"],
  );
  assert.deepEqual(
    rejects.map((reject) => reject.line),
    [3, 5, 6, 7, 8, 9],
  );
  assert.match(rejects[0].reason, /^type: Type must be one of/);
  assert.equal(rejects[1].reason, "image2 follows an empty image1: list a product's images from image1 on.");
  assert.equal(rejects[2].reason, "image2Alt has words but image2 has no image.");
  assert.match(rejects[3].reason, /^price: Price may have at most two decimals/);
  assert.match(rejects[4].reason, /^image2: /);
  assert.equal(rejects[5].reason, "This row has 2 cells; the first line names 8 columns.");
});

test("an image without alt text takes the product's name; a row without id or createdAt gets them as the command-line import gives them", () => {
  const { products } = parseProductCsv("name,type,price,details,image1\nLamp,Book,5,A lamp,/products/lamp.webp\n", 1_000);
  assert.equal(products.length, 1);
  assert.deepEqual(products[0].images, [{ src: "/products/lamp.webp", alt: "Lamp" }]);
  assert.match(products[0].id, /^imp-[0-9a-f]{20}$/);
  assert.equal(products[0].createdAt, 1_000);
});

test("a file with an unknown, missing or doubled column is refused at line 1, whole", () => {
  const reasonOf = (header: string) => {
    const read = parseProductCsv(`${header}\nx\n`);
    assert.equal(read.refusedWhole, true);
    return read.rejects;
  };
  assert.deepEqual(reasonOf("name,type,price,details,image1,stock"), [
    { line: 1, reason: `Unknown column "stock": the columns are ${PRODUCT_CSV_COLUMNS.join(", ")}.` },
  ]);
  assert.deepEqual(reasonOf("name,type,details,image1"), [{ line: 1, reason: 'Missing column "price".' }]);
  assert.deepEqual(reasonOf("name,type,price,details,image1,name"), [{ line: 1, reason: 'The column "name" is named twice.' }]);
  assert.deepEqual(parseProductCsv("name,type,price,details,image1\n1,2015-99-99").rejects.length, 1);
});

test("a createdAt that is no time is refused with the form it takes", () => {
  const { rejects } = parseProductCsv("name,type,price,details,image1,createdAt\nLamp,Book,5,d,/products/l.webp,yesterday\n");
  assert.deepEqual(rejects, [
    { line: 2, reason: 'createdAt "yesterday" is not a time: write it as 2026-12-03T10:00:00.000Z, or leave it empty.' },
  ]);
});
