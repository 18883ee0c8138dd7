// Minimal TrueType reader: a font file's glyph outlines, advances and
// character map. Supports simple glyphs, cmap format 4 and horizontal
// metrics (no kerning, no composites).

/** The file's big-endian readers, by offset. */
function readers(buf) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  return { byte: (o) => buf[o], u16: (o) => dv.getUint16(o), i16: (o) => dv.getInt16(o), u32: (o) => dv.getUint32(o) };
}

/** Each table's offset in the file, by tag ("head", "cmap", "glyf", …). */
function tableOffsets(buf, { u16, u32 }) {
  const tables = {};
  for (let i = 0; i < u16(4); i++) {
    const r = 12 + i * 16;
    tables[buf.toString("latin1", r, r + 4)] = u32(r + 8);
  }
  return tables;
}

/** The offsets of the format 4 subtable (platform 3, encoding 1) of the cmap at `cmap`. */
function cmapSegments({ u16, u32 }, cmap) {
  let sub = null;
  for (let i = 0; i < u16(cmap + 2); i++) {
    const r = cmap + 4 + i * 8;
    if (u16(r) === 3 && u16(r + 2) === 1) sub = cmap + u32(r + 4);
  }
  if (sub === null || u16(sub) !== 4) throw new Error("unsupported cmap");
  const segX2 = u16(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  return { segX2, ends, starts, deltas, ranges: deltas + segX2 };
}

/** The font as data: its readers, table offsets and the header fields the outlines need. */
export function readTrueType(buf) {
  const read = readers(buf);
  const tables = tableOffsets(buf, read);
  return {
    read,
    tables,
    unitsPerEm: read.u16(tables.head + 18),
    locFmt: read.i16(tables.head + 50),
    numHMetrics: read.u16(tables.hhea + 34),
    cmap: cmapSegments(read, tables.cmap),
  };
}

/** The glyph of a character code (0, the missing glyph, when the font has none). */
export function glyphIndex({ read: { u16, i16 }, cmap: { segX2, ends, starts, deltas, ranges } }, code) {
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

/** A glyph's advance width, in font units. */
export const advance = ({ read, tables, numHMetrics }, g) => read.u16(tables.hmtx + Math.min(g, numHMetrics - 1) * 4);

const loca = ({ read, tables, locFmt }, g) => (locFmt === 0 ? read.u16(tables.loca + g * 2) * 2 : read.u32(tables.loca + g * 4));

/** A simple glyph's flags, one per point, read from `p`; and `end`, where its coordinates start. */
function pointFlags({ byte }, p, count) {
  const flags = [];
  while (flags.length < count) {
    const f = byte(p++);
    flags.push(f);
    if (f & 8) {
      let rep = byte(p++);
      while (rep--) flags.push(f);
    }
  }
  return { flags, end: p };
}

/** A glyph's contours: each a list of points { x, y, on } in font units. */
export function glyphContours(font, g) {
  const { byte, u16, i16 } = font.read;
  const off = font.tables.glyf + loca(font, g);
  if (loca(font, g) === loca(font, g + 1)) return [];
  const nc = i16(off);
  if (nc < 0) throw new Error(`composite glyph ${g} not supported`);
  const endPts = [];
  for (let i = 0; i < nc; i++) endPts.push(u16(off + 10 + i * 2));
  const instructions = off + 10 + nc * 2;
  const { flags, end } = pointFlags(font.read, instructions + 2 + u16(instructions), endPts[nc - 1] + 1);
  let p = end;
  const coordinates = (short, same) => {
    const out = [];
    let v = 0;
    for (const f of flags) {
      if (f & short) {
        const d = byte(p++);
        v += f & same ? d : -d;
      } else if (!(f & same)) {
        v += i16(p);
        p += 2;
      }
      out.push(v);
    }
    return out;
  };
  const xs = coordinates(2, 16);
  const ys = coordinates(4, 32);
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
