// Maps a product id to its drawing + palette and builds the square product SVG.
import { createCtx, productScene, pastel } from "./lib/svg.mjs";
import { ART, HUES } from "./catalog.mjs";
import electronics from "./draw/electronics.mjs";
import accessories from "./draw/accessories.mjs";
import books from "./draw/books.mjs";
import sport from "./draw/sport.mjs";

const DRAWINGS = { ...electronics, ...accessories, ...books, ...sport };

function artFor(id, overrides = {}) {
  const art = ART[id];
  if (!art) throw new Error(`No art direction for product "${id}" (add it to scripts/images/catalog.mjs)`);
  return { ...art, ...overrides };
}

/** Product drawing only (no background), in 800x800 space. */
export function drawProduct(c, id, overrides = {}) {
  const art = artFor(id, overrides);
  const fn = DRAWINGS[art.draw];
  if (!fn) throw new Error(`Unknown drawing "${art.draw}" for ${id}`);
  const body = fn(c, art);
  // Optional per-product zoom around the visual centre, to balance sizes.
  return art.scale ? `<g transform="translate(400 420) scale(${art.scale}) translate(-400 -420)">${body}</g>` : body;
}

/** Full square illustration: pastel stage + product. */
export function productSvg(id, { size = 800, overrides = {} } = {}) {
  const art = artFor(id, overrides);
  const hue = HUES[art.bg] || art.bg;
  const c = createCtx("p");
  const body = drawProduct(c, id, overrides);
  return productScene(c, { bg: pastel(hue, 0.88, 0.72), accent: hue }, body, { size, shadow: art.shadow });
}
