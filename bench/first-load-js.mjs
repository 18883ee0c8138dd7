// First-load JavaScript per route: every <script src> in the route's HTML,
// fetched and gzipped at zlib level 6 (what a typical server or CDN sends),
// summed. Inline scripts (the RSC payload) are part of the HTML, not counted.
import { gzipSync } from "node:zlib";

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g;

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** One row per page: the scripts, their raw and gzip bytes, and the sums. */
export async function firstLoadJs(baseURL, pages) {
  const rows = [];
  for (const { label, path } of pages) {
    const html = (await download(`${baseURL}${path}`)).toString("utf8");
    const sources = [...new Set([...html.matchAll(SCRIPT_SRC)].map((m) => m[1].replaceAll("&amp;", "&")))];
    if (sources.length === 0) throw new Error(`${path} has no <script src>: the page did not render as expected`);
    const scripts = [];
    for (const src of sources) {
      const body = await download(new URL(src, baseURL).href);
      scripts.push({ src, raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
    }
    rows.push({
      label,
      path,
      scripts,
      raw: scripts.reduce((sum, s) => sum + s.raw, 0),
      gzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    });
  }
  return rows;
}
