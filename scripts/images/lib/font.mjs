// The logo's font: a string turned into SVG path data, so the logo does not
// depend on fonts installed on the viewer's machine (truetype.mjs reads the
// font, outline-path.mjs draws its glyphs).
import fs from "node:fs";
import { outlinePath } from "./outline-path.mjs";
import { readTrueType } from "./truetype.mjs";

const DEJAVU_BOLD_CANDIDATES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
];

export function findFont(candidates = DEJAVU_BOLD_CANDIDATES) {
  const hit = candidates.find((p) => fs.existsSync(p));
  if (!hit) throw new Error(`No font found; install fonts-dejavu-core (looked in ${candidates.join(", ")})`);
  return hit;
}

/** The font in `file`: its units per em, and `pathFor` (outline-path.mjs's outlinePath on it). */
export function loadFont(file) {
  const font = readTrueType(fs.readFileSync(file));
  return { unitsPerEm: font.unitsPerEm, pathFor: (str, x, y, size, opts) => outlinePath(font, str, x, y, size, opts) };
}
