// 1500x600 home-page hero banners: headline on the left, a product
// composition (re-using the product drawings) on the right. The call to
// action is not drawn: it is a real link the page lays over each banner
// (components/home/hero-carousel.tsx), in the space left free below the
// subtitle (x from 96, y from 402), so a button is never a picture of one.
import { createCtx, wrap, rect, circle, ellipse, text, FONT_SANS } from "./lib/svg.mjs";
import { drawProduct } from "./products.mjs";

const W = 1500;
const H = 600;

export const HEROES = [
  {
    file: "hero-1",
    eyebrow: "SEASONAL SALE",
    title: ["Up to 40% off", "summer favourites"],
    sub: "Deals across electronics, accessories and sport",
    bg: ["#ff9a76", "#ffcf70"],
    ink: "#2b1a12",
    badge: "-40%",
    items: [
      { id: "sunset-cruiser-skateboard", x: 905, y: 400, s: 0.44 },
      { id: "everyday-six-panel-cap", x: 1305, y: 385, s: 0.44 },
      { id: "coastline-polarized-sunglasses", x: 1115, y: 290, s: 0.5 },
    ],
  },
  {
    file: "hero-2",
    eyebrow: "JUST LANDED",
    title: ["New in", "Electronics"],
    sub: "The latest headphones, phones and wearables",
    bg: ["#1b1f4b", "#4b2a8c"],
    ink: "#ffffff",
    dark: true,
    items: [
      { id: "pulse-fit-smartwatch", x: 900, y: 380, s: 0.44 },
      { id: "vertex-6-smartphone", x: 1335, y: 320, s: 0.56 },
      { id: "aurora-anc-headphones", x: 1110, y: 300, s: 0.64 },
    ],
  },
  {
    file: "hero-3",
    eyebrow: "ACCESSORIES",
    title: ["Finishing touches", "for every day"],
    sub: "Bags, watches and eyewear made to last",
    bg: ["#f6e7da", "#e9c9b0"],
    ink: "#3b2418",
    items: [
      { id: "heritage-leather-card-wallet", x: 900, y: 400, s: 0.44 },
      { id: "meridian-automatic-watch", x: 1335, y: 330, s: 0.48 },
      { id: "trailpack-22l-daypack", x: 1110, y: 290, s: 0.64 },
    ],
  },
  {
    file: "hero-4",
    eyebrow: "SPORT",
    title: ["Gear up for", "the season"],
    sub: "Fitness essentials for home, court and trail",
    bg: ["#0f766e", "#34d399"],
    ink: "#ffffff",
    dark: true,
    items: [
      { id: "hexgrip-dumbbell-pair", x: 895, y: 410, s: 0.4 },
      { id: "courtside-basketball", x: 1340, y: 330, s: 0.46 },
      { id: "stride-daily-running-shoes", x: 1110, y: 310, s: 0.64 },
    ],
  },
];

function placed(c, item) {
  const { id, x, y, s } = item;
  const body = drawProduct(c, id);
  const drop = c.shadow(14, 16, 0.25, "#10131f");
  const floor = c.blur(12);
  return (
    ellipse(x, y + 250 * s, 210 * s, 24 * s, "#10131f", `opacity=".22" filter="${floor}"`) +
    `<g transform="translate(${x - 400 * s} ${y - 400 * s}) scale(${s})"><g filter="${drop}">${body}</g></g>`
  );
}

export function heroSvg(h) {
  const c = createCtx("h");
  const bg = c.lin(h.bg, 0, 0, 1, 1);
  const halo = c.rad([
    [0, "#ffffff", h.dark ? 0.28 : 0.7],
    [1, "#ffffff", 0],
  ]);
  const ringOp = h.dark ? 0.18 : 0.45;
  const x0 = 96;
  const parts = [
    rect(0, 0, W, H, 0, bg),
    // soft decorative shapes
    circle(1110, 320, 330, halo),
    `<circle cx="1110" cy="320" r="250" fill="none" stroke="#fff" stroke-opacity="${ringOp}" stroke-width="2"/>`,
    `<circle cx="1110" cy="320" r="330" fill="none" stroke="#fff" stroke-opacity="${ringOp * 0.6}" stroke-width="2" stroke-dasharray="4 10"/>`,
    circle(-60, 640, 220, "#ffffff", `opacity="${h.dark ? 0.06 : 0.25}"`),
    circle(720, 70, 14, "#ffffff", `opacity="${h.dark ? 0.25 : 0.6}"`),
    circle(1440, 80, 30, "#ffffff", `opacity="${h.dark ? 0.12 : 0.35}"`),
    circle(780, 540, 8, "#ffffff", `opacity="${h.dark ? 0.3 : 0.7}"`),
  ];
  for (const it of h.items) parts.push(placed(c, it));
  if (h.badge) {
    parts.push(circle(1400, 140, 62, "#e63946"));
    parts.push(`<circle cx="1400" cy="140" r="54" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 5" opacity=".8"/>`);
    parts.push(text(1400, 151, h.badge, { size: 31, fill: "#fff", family: FONT_SANS }));
  }
  // copy block
  const eyebrowW = h.eyebrow.length * 14 + 30;
  parts.push(rect(x0, 126, eyebrowW, 38, 19, h.dark ? "#ffffff" : h.ink, `opacity="${h.dark ? 0.16 : 0.1}"`));
  parts.push(text(x0 + 18, 151, h.eyebrow, { size: 16, fill: h.ink, anchor: "start", spacing: 2.5 }));
  h.title.forEach((ln, i) => parts.push(text(x0, 240 + i * 74, ln, { size: 64, fill: h.ink, anchor: "start", spacing: -1 })));
  parts.push(text(x0, 366, h.sub, { size: 24, weight: 400, fill: h.ink, anchor: "start", extra: 'opacity=".82"' }));
  return wrap(c, parts.join(""), W, H);
}
