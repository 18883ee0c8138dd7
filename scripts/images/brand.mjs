// Logo wordmark + favicon. Text is converted to outlines so the SVG renders
// the same everywhere (no font needed in the browser).
import { findFont, loadFont } from "./lib/font.mjs";

const BRAND = "#4f46e5";
const BRAND_DARK = "#1f2433";

function bagMark(x = 0, y = 0) {
  return `<g transform="translate(${x} ${y})"><path d="M11 11V9a5 5 0 0 1 10 0v2" fill="none" stroke="${BRAND}" stroke-width="2.6" stroke-linecap="round"/><path d="M5.2 11h21.6l-1.5 15.3A3 3 0 0 1 22.3 29H9.7a3 3 0 0 1-3-2.7Z" fill="${BRAND}"/><circle cx="11" cy="15.5" r="1.6" fill="#fff"/><circle cx="21" cy="15.5" r="1.6" fill="#fff"/><path d="M11.5 20.5a4.5 4.5 0 0 0 9 0" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/></g>`;
}

export function logoSvg() {
  const font = loadFont(findFont());
  // Outlines at 4x with integer coordinates, scaled back down: compact and crisp.
  const { d, width } = font.pathFor("Storefront", 144, 100, 96, { tracking: -1.2, relative: true });
  const W = Math.ceil(36 + width / 4 + 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} 34" width="${W}" height="34" role="img" aria-labelledby="t"><title id="t">Storefront</title>${bagMark(0, 1)}<path transform="scale(.25)" d="${d}" fill="${BRAND_DARK}"/></svg>\n`;
}

export function faviconSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Storefront</title><rect width="32" height="32" rx="8" fill="#eef0ff"/><g transform="translate(3.2 1.8) scale(.8)">${bagMark()}</g></svg>\n`;
}
