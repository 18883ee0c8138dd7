// Shared SVG helpers: colours, gradient/filter registry, scene backgrounds.

export const FONT_SANS = "DejaVu Sans";
export const FONT_SERIF = "DejaVu Serif";

// ---------- colour utils ----------
function parse(hex) {
  const h = hex.replace("#", "");
  const v =
    h.length === 3
      ? h
          .split("")
          .map((x) => x + x)
          .join("")
      : h;
  return [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16));
}
function toHex(rgb) {
  return (
    "#" +
    rgb
      .map((x) =>
        Math.round(Math.max(0, Math.min(255, x)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}
function mix(a, b, t) {
  const A = parse(a);
  const B = parse(b);
  return toHex(A.map((x, i) => x + (B[i] - x) * t));
}
export const lighten = (c, t) => mix(c, "#ffffff", t);
export const darken = (c, t) => mix(c, "#000000", t);

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// ---------- defs registry ----------
function stopsSvg(stops) {
  return stops
    .map((s, i) => {
      const [off, col, op] = Array.isArray(s) ? s : [i / Math.max(1, stops.length - 1), s, 1];
      return `<stop offset="${off}" stop-color="${col}"${op === 1 || op === undefined ? "" : ` stop-opacity="${op}"`}/>`;
    })
    .join("");
}

/** Creates a per-image context that collects <defs> and hands out unique ids. */
export function createCtx(prefix = "d") {
  let n = 0;
  const defs = [];
  const nid = () => `${prefix}${n++}`;
  return {
    defs,
    id: nid,
    /** Linear gradient in bounding-box units (x1,y1 -> x2,y2). */
    lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
      const id = nid();
      defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`);
      return `url(#${id})`;
    },
    /** Linear gradient in user-space coordinates (shared across several shapes). */
    ulin(stops, x1, y1, x2, y2) {
      const id = nid();
      defs.push(
        `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`,
      );
      return `url(#${id})`;
    },
    rad(stops, cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy) {
      const id = nid();
      defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsSvg(stops)}</radialGradient>`);
      return `url(#${id})`;
    },
    urad(stops, cx, cy, r, fx = cx, fy = cy) {
      const id = nid();
      defs.push(
        `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsSvg(stops)}</radialGradient>`,
      );
      return `url(#${id})`;
    },
    clip(shape) {
      const id = nid();
      defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
      return `url(#${id})`;
    },
    blur(sd) {
      const id = nid();
      defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`);
      return `url(#${id})`;
    },
    /** Soft drop shadow under a group. */
    shadow(sd = 10, dy = 10, opacity = 0.18, color = "#1d2340") {
      const id = nid();
      defs.push(
        `<filter id="${id}" x="-30%" y="-30%" width="160%" height="170%"><feGaussianBlur in="SourceAlpha" stdDeviation="${sd}"/><feOffset dy="${dy}" result="b"/><feFlood flood-color="${color}" flood-opacity="${opacity}"/><feComposite in2="b" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      );
      return `url(#${id})`;
    },
    pattern(w, h, content, transform = "") {
      const id = nid();
      defs.push(
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${w}" height="${h}"${transform ? ` patternTransform="${transform}"` : ""}>${content}</pattern>`,
      );
      return `url(#${id})`;
    },
  };
}

// ---------- primitives ----------
export const rect = (x, y, w, h, rx, fill, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ""} fill="${fill}" ${extra}/>`;
export const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
export const ellipse = (cx, cy, rx, ry, fill, extra = "") =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
export const path = (d, fill, extra = "") => `<path d="${d}" fill="${fill}" ${extra}/>`;
export const text = (
  x,
  y,
  str,
  { size = 32, weight = 700, fill = "#fff", family = FONT_SANS, anchor = "middle", spacing = 0, extra = "" } = {},
) =>
  `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${spacing ? ` letter-spacing="${spacing}"` : ""} ${extra}>${esc(str)}</text>`;

// ---------- scenes ----------
/** Standard square product stage: soft pastel gradient, halo, floor shadow. */
export function productScene(c, { bg, accent }, body, { size = 800, shadow = {}, halo = true } = {}) {
  const [b1, b2] = bg;
  const s = { cx: 400, cy: 650, rx: 230, ry: 26, op: 0.22, ...shadow };
  const bgFill = c.lin([b1, b2], 0, 0, 1, 1);
  const haloFill = c.rad([
    [0, "#ffffff", 0.75],
    [0.7, "#ffffff", 0.35],
    [1, "#ffffff", 0],
  ]);
  const floor = c.blur(14);
  const drop = c.shadow(12, 14, 0.16, darken(accent, 0.6));
  const deco = [
    circle(118, 150, 16, accent, 'opacity=".16"'),
    circle(690, 120, 9, accent, 'opacity=".22"'),
    circle(705, 600, 24, "#ffffff", 'opacity=".45"'),
    `<circle cx="400" cy="390" r="318" fill="none" stroke="#ffffff" stroke-width="2" opacity=".55"/>`,
  ].join("");
  const inner = [
    rect(0, 0, 800, 800, 0, bgFill),
    halo ? circle(400, 390, 300, haloFill) : "",
    deco,
    ellipse(s.cx, s.cy, s.rx, s.ry, darken(accent, 0.55), `opacity="${s.op}" filter="${floor}"`),
    `<g filter="${drop}">${body}</g>`,
  ].join("");
  return wrap(c, inner, 800, 800, size / 800);
}

export function wrap(c, inner, w, h, scale = 1) {
  const W = Math.round(w * scale);
  const H = Math.round(h * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${w} ${h}"><defs>${c.defs.join("")}</defs>${inner}</svg>`;
}

/** Background pastel pair derived from an accent colour. */
export function pastel(accent, a = 0.86, b = 0.7) {
  return [lighten(accent, a), lighten(accent, b)];
}
