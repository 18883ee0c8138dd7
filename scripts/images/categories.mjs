// The fixed 400x400 tiles for the "Just Electronics" / "Shop for Accessories"
// home-page cards. They reuse product drawings with their own colourways so
// they do not look like duplicates of the product grid.
import { productSvg } from "./products.mjs";

const CATEGORY_CARDS = {
  electronics: [
    {
      label: "Headphones",
      file: "electronics-1",
      id: "aurora-anc-headphones",
      overrides: { bg: "sky", main: "#f3f4f8", accent: "#38bdf8" },
    },
    {
      label: "Laptops",
      file: "electronics-2",
      id: "nimbus-14-ultrabook",
      overrides: { bg: "teal", main: "#2f3447", accent: "#14b8a6", accent2: "#0f4c81" },
    },
    {
      label: "Smartwatches",
      file: "electronics-3",
      id: "pulse-fit-smartwatch",
      overrides: { bg: "mint", main: "#d7dce6", accent: "#22c55e" },
    },
    {
      label: "Cameras",
      file: "electronics-4",
      id: "lumen-x20-mirrorless-camera",
      overrides: { bg: "rose", main: "#2f3447", accent: "#fb7185" },
    },
  ],
  accessories: [
    {
      label: "Backpacks",
      file: "accessories-1",
      id: "trailpack-22l-daypack",
      overrides: { bg: "pink", main: "#6d2e46", accent: "#f472b6" },
    },
    {
      label: "Sunglasses",
      file: "accessories-2",
      id: "coastline-polarized-sunglasses",
      overrides: { bg: "amber", main: "#1f2937", accent: "#f97316" },
    },
    {
      label: "Wallets",
      file: "accessories-3",
      id: "heritage-leather-card-wallet",
      overrides: { bg: "blue", main: "#2b2f3f", accent: "#4d7cfe", accent2: "#fb7185" },
    },
    {
      label: "Watches",
      file: "accessories-4",
      id: "meridian-automatic-watch",
      overrides: { bg: "slate", main: "#e8c07d", accent: "#0f5132", strap: "#2b2d42", hand: "#e8c07d" },
    },
  ],
};

export function categoryTiles() {
  const tiles = [];
  for (const [group, list] of Object.entries(CATEGORY_CARDS)) {
    for (const t of list) tiles.push({ group, ...t, svg: productSvg(t.id, { size: 400, overrides: t.overrides }) });
  }
  return tiles;
}

export function categoryJson() {
  const out = {};
  for (const [group, list] of Object.entries(CATEGORY_CARDS)) {
    out[group] = list.map((t) => ({ label: t.label, image: `/categories/${t.file}.webp` }));
  }
  return out;
}
