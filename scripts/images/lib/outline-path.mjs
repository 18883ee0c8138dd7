// A string's glyph outlines as SVG path data, from a TrueType font read by
// truetype.mjs: quadratic outlines, the pen moving by each glyph's advance.
import { advance, glyphContours, glyphIndex } from "./truetype.mjs";

/** A contour's points from an on-curve one (a contour of only off-curve points starts at the midpoint of its first two). */
function fromOnCurve(pts) {
  const startIdx = pts.findIndex((q) => q.on);
  if (startIdx !== -1) return [...pts.slice(startIdx), ...pts.slice(0, startIdx)];
  const a = pts[0];
  const b = pts[1];
  return [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true }, ...pts.slice(1), pts[0]];
}

/** One contour as commands, its points placed by `P`; two off-curve points in a row imply the on-curve one between them. */
function contourCommands(pts, P, R) {
  const seq = fromOnCurve(pts);
  const cmds = [{ type: "M", pts: [P(seq[0])] }];
  let ctrl = null;
  for (let i = 1; i <= seq.length; i++) {
    const q = seq[i % seq.length];
    const pt = P(q);
    if (q.on) {
      cmds.push(ctrl ? { type: "Q", pts: [ctrl, pt] } : { type: "L", pts: [pt] });
      ctrl = null;
    } else if (ctrl) {
      cmds.push({ type: "Q", pts: [ctrl, [R((ctrl[0] + pt[0]) / 2), R((ctrl[1] + pt[1]) / 2)]] });
      ctrl = pt;
    } else ctrl = pt;
  }
  cmds.push({ type: "Z", pts: [] });
  return cmds;
}

/** Glyph outlines of `str` as [{ type: "M"|"L"|"Q"|"Z", pts: [[x, y], ...] }], and the width the pen moved. */
function outlineCommands(font, str, x, y, size, { tracking = 0, precision = 0 } = {}) {
  const k = size / font.unitsPerEm;
  const f = 10 ** precision;
  const R = (v) => Math.round(v * f) / f;
  let pen = x;
  const cmds = [];
  for (const ch of str) {
    const g = glyphIndex(font, ch.codePointAt(0));
    const P = (pt) => [R(pen + pt.x * k), R(y - pt.y * k)];
    for (const pts of glyphContours(font, g)) cmds.push(...contourCommands(pts, P, R));
    pen += advance(font, g) * k + tracking;
  }
  return { cmds, width: pen - x - tracking };
}

const num = (v) => String(v).replace(/^0\./, ".").replace(/^-0\./, "-.");
const join = (arr) => arr.map(num).join(" ").replace(/ -/g, "-");

/** Compact relative path data: h and v for straight runs, a command letter only where it changes. */
function relativePath(cmds) {
  let d = "";
  let cur = [0, 0];
  let start = [0, 0];
  let last = "";
  for (const c of cmds) {
    if (c.type === "Z") {
      d += "z";
      cur = start;
      last = "z";
      continue;
    }
    const rel = c.pts.map(([px, py]) => [px - cur[0], py - cur[1]]);
    const t = c.type.toLowerCase();
    if (t === "l" && rel[0][1] === 0) {
      d += (last === "h" ? " " : "h") + num(rel[0][0]);
      last = "h";
    } else if (t === "l" && rel[0][0] === 0) {
      d += (last === "v" ? " " : "v") + num(rel[0][1]);
      last = "v";
    } else {
      const args = join(rel.flat());
      const sameCmd = last === t && t !== "m";
      d += sameCmd ? (args.startsWith("-") ? args : " " + args) : t + args;
      last = t;
    }
    cur = c.pts[c.pts.length - 1];
    if (c.type === "M") start = cur;
  }
  return d;
}

/** SVG path data of `str` (absolute, or compact relative with `opts.relative`) with its baseline at (x, y). */
export function outlinePath(font, str, x, y, size, opts = {}) {
  const { cmds, width } = outlineCommands(font, str, x, y, size, opts);
  if (opts.relative) return { d: relativePath(cmds), width };
  let d = "";
  for (const c of cmds) d += c.type + join(c.pts.flat());
  return { d, width };
}
