// Storefront image generator.
//
// Draws every catalogue illustration as hand-built SVG and rasterises it to
// WebP with sharp (installed with `next`, so no extra dependency).
//
// Usage (from the repo root, after `npm install`):
//
//   node scripts/images/render.mjs                  # everything
//   node scripts/images/render.mjs products heroes  # only some groups
//   node scripts/images/render.mjs --contact /tmp/contact.png
//                                                    # + contact sheet to review
//   node scripts/images/render.mjs --svg /tmp/svg   # also dump the raw SVGs
//
// Groups: products, heroes, categories, brand.
//
// Inputs : data/demo-products.json (ids), scripts/images/catalog.mjs (art).
// Outputs: public/products/<id>.webp (800x800), public/hero/hero-N.webp
//          (1500x600), public/categories/*.webp (400x400),
//          data/category-cards.json, public/logo.svg, public/favicon.svg,
//          public/favicon.ico (16, 32 and 48 px), public/og-image.jpg (1200x630).
//
// Fonts: SVG text is rendered by librsvg through fontconfig using "DejaVu
// Sans"/"DejaVu Serif" (Debian/Ubuntu package: fonts-dejavu-core). Only needed
// when regenerating; the committed images and the outlined logo need no font.
//
// Files:
//   lib/svg.mjs        colours, gradient/filter registry, the product stage
//   lib/font.mjs       logo text -> outlines (lib/truetype.mjs reads the
//                      font, lib/outline-path.mjs draws its glyphs)
//   draw/*.mjs         the drawings of one product type (draw/electronics/
//                      and draw/sport/ hold one module per kind of thing)
//   catalog.mjs        drawing + colours for each product id
//   products.mjs       id -> SVG
//   heroes.mjs         hero banners
//   categories.mjs     category card tiles
//   brand.mjs          logo + favicon
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { productSvg } from "./products.mjs";
import { HEROES, heroSvg } from "./heroes.mjs";
import { categoryTiles, categoryJson } from "./categories.mjs";
import { logoSvg, faviconSvg } from "./brand.mjs";
import { icoFromPngs } from "./ico.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PUB = path.join(ROOT, "public");

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i === -1) return null;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const contactOut = flag("--contact");
const svgDir = flag("--svg");
const groups = new Set(args.length ? args : ["products", "heroes", "categories", "brand"]);

const products = JSON.parse(fs.readFileSync(path.join(ROOT, "data/demo-products.json"), "utf8"));

function ensure(dir) {
  fs.mkdirSync(dir, { recursive: true });
}

async function toWebp(svg, file, { quality = 80, maxKB } = {}) {
  if (svgDir) {
    ensure(svgDir);
    fs.writeFileSync(path.join(svgDir, path.basename(file, ".webp") + ".svg"), svg);
  }
  let q = quality;
  let buf;
  // Step quality down if an image is unusually heavy.
  for (;;) {
    buf = await sharp(Buffer.from(svg)).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
    if (!maxKB || buf.length <= maxKB * 1024 || q <= 60) break;
    q -= 5;
  }
  ensure(path.dirname(file));
  fs.writeFileSync(file, buf);
  return { file: path.relative(ROOT, file), kb: +(buf.length / 1024).toFixed(1), q };
}

const results = [];

if (groups.has("products")) {
  for (const p of products) {
    const expected = `/products/${p.id}.webp`;
    if (p.image !== expected) throw new Error(`${p.id}: image should be ${expected}`);
    results.push(await toWebp(productSvg(p.id), path.join(PUB, "products", `${p.id}.webp`), { maxKB: 40 }));
  }
}

if (groups.has("heroes")) {
  for (const h of HEROES) results.push(await toWebp(heroSvg(h), path.join(PUB, "hero", `${h.file}.webp`), { maxKB: 80 }));
}

if (groups.has("categories")) {
  for (const t of categoryTiles()) results.push(await toWebp(t.svg, path.join(PUB, "categories", `${t.file}.webp`), { maxKB: 25 }));
  fs.writeFileSync(path.join(ROOT, "data/category-cards.json"), JSON.stringify(categoryJson(), null, 2) + "\n");
  results.push({ file: "data/category-cards.json" });
}

if (groups.has("brand")) {
  fs.writeFileSync(path.join(PUB, "logo.svg"), logoSvg());
  fs.writeFileSync(path.join(PUB, "favicon.svg"), faviconSvg());
  // /favicon.ico is asked for by browsers and crawlers whatever the page links.
  const icons = [];
  for (const size of [16, 32, 48]) icons.push({ size, png: await sharp(Buffer.from(faviconSvg())).resize(size, size).png().toBuffer() });
  fs.writeFileSync(path.join(PUB, "favicon.ico"), icoFromPngs(icons));
  // The share image for pages without their own (OpenGraph, Twitter): JPEG at
  // 1200x630, the size and format every network takes. The first hero, whole
  // (cropping cut its headline), on a band of its own top and bottom colours.
  const hero = await sharp(Buffer.from(heroSvg(HEROES[0])))
    .resize(1200, 480)
    .png()
    .toBuffer();
  const bands = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="rgb(254,160,118)"/><stop offset="1" stop-color="rgb(255,200,130)"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/></svg>`;
  await sharp(Buffer.from(bands))
    .composite([{ input: hero, top: 75, left: 0 }])
    .jpeg({ quality: 82 })
    .toFile(path.join(PUB, "og-image.jpg"));
  results.push({ file: "public/og-image.jpg", kb: +(fs.statSync(path.join(PUB, "og-image.jpg")).size / 1024).toFixed(2) });
  results.push({ file: "public/favicon.ico", kb: +(fs.statSync(path.join(PUB, "favicon.ico")).size / 1024).toFixed(2) });
  results.push({ file: "public/logo.svg", kb: +(fs.statSync(path.join(PUB, "logo.svg")).size / 1024).toFixed(2) });
  results.push({ file: "public/favicon.svg", kb: +(fs.statSync(path.join(PUB, "favicon.svg")).size / 1024).toFixed(2) });
}

for (const r of results) console.log(`${r.file}${r.kb !== undefined ? `  ${r.kb} KB` : ""}${r.q && r.q !== 80 ? `  (q${r.q})` : ""}`);

if (contactOut) {
  // Review sheet: all products (with position numbers) + heroes + category tiles.
  const T = 200;
  const cols = 8;
  const label = (n, name) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${T}" height="22"><rect width="${T}" height="22" fill="#ffffff"/><text x="6" y="16" font-family="DejaVu Sans" font-size="12" fill="#333">${n}. ${name.replace(/&/g, "&amp;").slice(0, 28)}</text></svg>`,
    );
  const comps = [];
  for (const [i, p] of products.entries()) {
    const x = (i % cols) * T;
    const y = Math.floor(i / cols) * (T + 22);
    comps.push({
      input: await sharp(path.join(PUB, "products", `${p.id}.webp`))
        .resize(T, T)
        .png()
        .toBuffer(),
      left: x,
      top: y,
    });
    comps.push({ input: label(i + 1, p.name), left: x, top: y + T });
  }
  let y = Math.ceil(products.length / cols) * (T + 22) + 10;
  const heroW = (cols * T) / 2;
  const heroH = Math.round((heroW * 600) / 1500);
  HEROES.forEach((h, i) => {
    comps.push({ file: path.join(PUB, "hero", `${h.file}.webp`), left: (i % 2) * heroW, top: y + Math.floor(i / 2) * heroH });
  });
  y += heroH * 2 + 10;
  const cats = categoryTiles();
  for (const [i, t] of cats.entries()) comps.push({ file: path.join(PUB, "categories", `${t.file}.webp`), left: i * T, top: y, w: T });
  const height = y + T;
  const inputs = [];
  for (const cmp of comps) {
    if (cmp.file) {
      const w = cmp.w || heroW;
      inputs.push({ input: await sharp(cmp.file).resize(w).png().toBuffer(), left: cmp.left, top: cmp.top });
    } else inputs.push(cmp);
  }
  await sharp({ create: { width: cols * T, height, channels: 3, background: "#ffffff" } })
    .composite(inputs)
    .png()
    .toFile(contactOut);
  console.log(`contact sheet -> ${contactOut}`);
}
