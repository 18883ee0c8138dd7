// Which source each byte of a built script came from, read from its source
// map: the profile behind "the shop's own share of first-load JS". Every
// mapping segment covers the generated characters up to the next segment on
// its line (the last one, to the line's end); those characters are counted
// for the segment's source. Characters no segment covers (the bundler's own
// wrappers) are counted as "(bundler)". Handles plain and sectioned (index)
// source maps. No dependency: the Base64 VLQ decoding is the spec's, short.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The numbers of one segment ("AAAA" → [0, 0, 0, 0]). */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a Base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Adds to `bytes` (source → characters) what `map` attributes within
 * `lines` (the generated code split into lines), starting at `offset`.
 */
function attributePlainMap(map, lines, offset, bytes) {
  const state = { source: 0 };
  map.mappings.split(";").forEach((lineMappings, i) => {
    const lineIndex = offset.line + i;
    const text = lines[lineIndex];
    if (text === undefined || lineMappings === "") return;
    const startColumn = i === 0 ? offset.column : 0;
    let column = 0;
    const segments = [];
    for (const segment of lineMappings.split(",")) {
      if (segment === "") continue;
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) state.source += sourceDelta;
      segments.push({ column: startColumn + column, source: sourceDelta === undefined ? null : state.source });
    }
    segments.forEach((segment, k) => {
      const end = k + 1 < segments.length ? segments[k + 1].column : text.length;
      const name = segment.source === null ? "(bundler)" : (map.sources[segment.source] ?? "(bundler)");
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, end - segment.column));
    });
  });
}

/** Characters of `code` per source, from its source map (plain or sectioned). */
export function bytesBySource(code, map) {
  const lines = code.split("\n");
  const bytes = new Map();
  if (Array.isArray(map.sections)) {
    for (const section of map.sections) attributePlainMap(section.map, lines, section.offset, bytes);
  } else {
    attributePlainMap(map, lines, { line: 0, column: 0 }, bytes);
  }
  const mapped = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  const total = code.length;
  if (mapped < total) bytes.set("(bundler)", (bytes.get("(bundler)") ?? 0) + (total - mapped));
  return bytes;
}

/**
 * Where a source path comes from, for a report: an npm package's name
 * ("embla-carousel", "@firebase/auth"), or the project's folder
 * ("components/cart", "lib/live", "app").
 */
export function originOf(source) {
  if (source === "(bundler)") return source;
  const path = decodeURIComponent(source).replaceAll("\\", "/");
  const inModules = path.lastIndexOf("node_modules/");
  if (inModules >= 0) {
    const [first, second, third, fourth] = path.slice(inModules + "node_modules/".length).split("/");
    // Next bundles React and its router in its own package: name the part.
    // (Its maps point at next/src/… for its own code, next/dist/compiled/… for what it bundles.)
    if (first === "next")
      return third === "compiled" ? `next/compiled/${fourth}` : `next/${["src", "dist"].includes(second) ? third : second}`;
    return first.startsWith("@") ? `${first}/${second}` : first;
  }
  const inProject = path.indexOf("[project]/");
  const relative = inProject >= 0 ? path.slice(inProject + "[project]/".length) : path.replace(/^[a-z]+:\/\/\/?/, "");
  const parts = relative.split("/").filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? "(unknown)";
  return ["components", "lib"].includes(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

const FRAMEWORK_PACKAGES = new Set(["next", "react", "react-dom", "scheduler", "@swc/helpers", "[turbopack]", "(bundler)"]);

/** Whether an origin is what any App Router app loads (Next, React, the bundler's runtime), not the shop's choice. */
export function isFrameworkOrigin(origin) {
  return FRAMEWORK_PACKAGES.has(origin) || origin.startsWith("next/");
}
