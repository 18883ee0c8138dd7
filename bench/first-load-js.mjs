// First-load JavaScript per route: every <script src> in the route's HTML
// that a current browser loads, fetched and gzipped at zlib level 6 (what a
// typical server or CDN sends), summed. Inline scripts (the RSC payload) are
// part of the HTML, not counted. <script nomodule> (Next's polyfills for
// browsers without ES modules) is never downloaded by a browser that runs
// modules, so it is listed apart and left out of the sum.
import { gzipSync } from "node:zlib";

const SCRIPT_TAG = /<script\b([^>]*)>/g;
const SRC = /\bsrc="([^"]+)"/;
const NO_MODULE = /\bnomodule\b/i;

/** A URL's body; throws on any status but 2xx. */
export async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** One row per page: the scripts, their raw and gzip bytes, and the sums. */
export async function firstLoadJs(baseURL, pages) {
  const rows = [];
  for (const { label, path } of pages) {
    const html = (await download(`${baseURL}${path}`)).toString("utf8");
    const tags = [...html.matchAll(SCRIPT_TAG)].map((m) => m[1]).filter((attributes) => SRC.test(attributes));
    const sourcesOf = (wanted) => [
      ...new Set(tags.filter((attributes) => NO_MODULE.test(attributes) === wanted).map((a) => a.match(SRC)[1].replaceAll("&amp;", "&"))),
    ];
    const sources = sourcesOf(false);
    if (sources.length === 0) throw new Error(`${path} has no <script src>: the page did not render as expected`);
    const measure = async (list) => {
      const measured = [];
      for (const src of list) {
        const body = await download(new URL(src, baseURL).href);
        measured.push({ src, raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
      }
      return measured;
    };
    const scripts = await measure(sources);
    const noModule = await measure(sourcesOf(true));
    rows.push({
      label,
      path,
      scripts,
      raw: scripts.reduce((sum, s) => sum + s.raw, 0),
      gzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
      noModuleGzip: noModule.reduce((sum, s) => sum + s.gzip, 0),
    });
  }
  return rows;
}
