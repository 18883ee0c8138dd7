// Minimal TrueType reader: turns a string into SVG path data so the logo does
// not depend on fonts installed on the viewer's machine. Supports simple
// glyphs, cmap format 4 and horizontal metrics (no kerning, no composites).
import fs from "node:fs";

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

export function loadFont(file) {
  const buf = fs.readFileSync(file);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const u16 = (o) => dv.getUint16(o);
  const i16 = (o) => dv.getInt16(o);
  const u32 = (o) => dv.getUint32(o);
  const tables = {};
  const num = u16(4);
  for (let i = 0; i < num; i++) {
    const r = 12 + i * 16;
    tables[buf.toString("latin1", r, r + 4)] = u32(r + 8);
  }
  const unitsPerEm = u16(tables.head + 18);
  const locFmt = i16(tables.head + 50);
  const numHMetrics = u16(tables.hhea + 34);

  // cmap format 4 (platform 3, encoding 1)
  let sub = null;
  const nSub = u16(tables.cmap + 2);
  for (let i = 0; i < nSub; i++) {
    const r = tables.cmap + 4 + i * 8;
    if (u16(r) === 3 && u16(r + 2) === 1) sub = tables.cmap + u32(r + 4);
  }
  if (sub === null || u16(sub) !== 4) throw new Error("unsupported cmap");
  const segX2 = u16(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  function glyphIndex(code) {
    for (let s = 0; s < segX2 / 2; s++) {
      const end = u16(ends + s * 2);
      if (code > end) continue;
      const start = u16(starts + s * 2);
      if (code < start) return 0;
      const delta = i16(deltas + s * 2);
      const ro = u16(ranges + s * 2);
      if (ro === 0) return (code + delta) & 0xffff;
      const g = u16(ranges + s * 2 + ro + (code - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  }
  const advance = (g) => u16(tables.hmtx + Math.min(g, numHMetrics - 1) * 4);
  const loca = (g) => (locFmt === 0 ? u16(tables.loca + g * 2) * 2 : u32(tables.loca + g * 4));

  function contours(g) {
    const off = tables.glyf + loca(g);
    if (loca(g) === loca(g + 1)) return [];
    const nc = i16(off);
    if (nc < 0) throw new Error(`composite glyph ${g} not supported`);
    const endPts = [];
    for (let i = 0; i < nc; i++) endPts.push(u16(off + 10 + i * 2));
    const nPts = endPts[nc - 1] + 1;
    let p = off + 10 + nc * 2;
    p += 2 + u16(p);
    const flags = [];
    while (flags.length < nPts) {
      const f = buf[p++];
      flags.push(f);
      if (f & 8) {
        let rep = buf[p++];
        while (rep--) flags.push(f);
      }
    }
    const read = (short, same) => {
      const out = [];
      let v = 0;
      for (const f of flags) {
        if (f & short) {
          const d = buf[p++];
          v += f & same ? d : -d;
        } else if (!(f & same)) {
          v += i16(p);
          p += 2;
        }
        out.push(v);
      }
      return out;
    };
    const xs = read(2, 16);
    const ys = read(4, 32);
    const res = [];
    let s = 0;
    for (const e of endPts) {
      const pts = [];
      for (let i = s; i <= e; i++) pts.push({ x: xs[i], y: ys[i], on: !!(flags[i] & 1) });
      res.push(pts);
      s = e + 1;
    }
    return res;
  }

  /** Glyph outlines of `str` as [{ type: "M"|"L"|"Q"|"Z", pts: [[x, y], ...] }]. */
  function commands(str, x, y, size, { tracking = 0, precision = 0 } = {}) {
    const k = size / unitsPerEm;
    const f = 10 ** precision;
    const R = (v) => Math.round(v * f) / f;
    let pen = x;
    const cmds = [];
    for (const ch of str) {
      const g = glyphIndex(ch.codePointAt(0));
      for (const pts of contours(g)) {
        const P = (pt) => [R(pen + pt.x * k), R(y - pt.y * k)];
        const startIdx = pts.findIndex((q) => q.on);
        let seq;
        if (startIdx === -1) {
          const a = pts[0];
          const b = pts[1];
          seq = [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true }, ...pts.slice(1), pts[0]];
        } else seq = [...pts.slice(startIdx), ...pts.slice(0, startIdx)];
        cmds.push({ type: "M", pts: [P(seq[0])] });
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
      }
      pen += advance(g) * k + tracking;
    }
    return { cmds, width: pen - x - tracking };
  }

  /** SVG path data (absolute or compact relative) with baseline at (x, y). */
  function pathFor(str, x, y, size, opts = {}) {
    const { cmds, width } = commands(str, x, y, size, opts);
    const num = (v) => String(v).replace(/^0\./, ".").replace(/^-0\./, "-.");
    const join = (arr) => arr.map(num).join(" ").replace(/ -/g, "-");
    let d = "";
    if (!opts.relative) {
      for (const c of cmds) d += c.type + join(c.pts.flat());
      return { d, width };
    }
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
      let args;
      if (t === "l" && rel[0][1] === 0) {
        d += (last === "h" ? " " : "h") + num(rel[0][0]);
        last = "h";
      } else if (t === "l" && rel[0][0] === 0) {
        d += (last === "v" ? " " : "v") + num(rel[0][1]);
        last = "v";
      } else {
        args = join(rel.flat());
        const sameCmd = last === t && t !== "m";
        d += sameCmd ? (args.startsWith("-") ? args : " " + args) : t + args;
        last = t;
      }
      cur = c.pts[c.pts.length - 1];
      if (c.type === "M") start = cur;
    }
    return { d, width };
  }

  return { unitsPerEm, pathFor };
}
