// Where the shop's first-load JavaScript comes from: the profile behind the
// "shop's own share" figure. The shop is built again with Turbopack from a
// copy of its sources whose Next config adds browser source maps
// (lib/shop-copy.mjs; never in a real build), and served on its own port.
// For each page, every script it loads is fetched
// with its map, each generated character is attributed to the source that
// produced it (lib/source-map-bytes.mjs), and sources are grouped by origin:
// an npm package or a folder of the project. A script's gzip bytes are shared
// among its origins in proportion to their characters (gzip is not additive,
// so per-origin gzip figures are estimates; their sum is the page's).
import { gzipSync } from "node:zlib";
import { download, firstLoadJs } from "./first-load-js.mjs";
import { withShopCopy } from "./lib/shop-copy.mjs";
import { bytesBySource, originOf } from "./lib/source-map-bytes.mjs";

const SOURCE_MAPPING_URL = /\/\/# sourceMappingURL=(\S+)\s*$/;

/** One script's origins: characters and estimated gzip bytes each. */
async function scriptOrigins(baseURL, src) {
  const body = await download(new URL(src, baseURL).href);
  const code = body.toString("utf8");
  const gzip = gzipSync(body, { level: 6 }).length;
  // Turbopack names a chunk's map apart from the chunk: the comment says where.
  const mapName = code.match(SOURCE_MAPPING_URL)?.[1];
  if (!mapName) return [{ origin: "(no source map)", raw: code.length, gzip }];
  const map = JSON.parse((await download(new URL(mapName, new URL(src, baseURL)).href)).toString("utf8"));
  const byOrigin = new Map();
  for (const [source, chars] of bytesBySource(code, map)) {
    const origin = originOf(source);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + chars);
  }
  return [...byOrigin].map(([origin, chars]) => ({ origin, raw: chars, gzip: (gzip * chars) / code.length }));
}

/** Per page: its origins, largest gzip first. */
export function jsOrigins({ port, authPort, dataDir, pages }) {
  return withShopCopy(
    {
      port,
      authPort,
      dataDir,
      distDir: ".next-bench-maps",
      configOverrides: { productionBrowserSourceMaps: true },
      what: "next build with source maps",
    },
    async (url) => {
      const rows = [];
      for (const page of await firstLoadJs(url, pages)) {
        const totals = new Map();
        for (const script of page.scripts) {
          for (const { origin, raw, gzip } of await scriptOrigins(url, script.src)) {
            const sum = totals.get(origin) ?? { origin, raw: 0, gzip: 0 };
            sum.raw += raw;
            sum.gzip += gzip;
            totals.set(origin, sum);
          }
        }
        rows.push({ label: page.label, path: page.path, gzip: page.gzip, origins: [...totals.values()].sort((a, b) => b.gzip - a.gzip) });
      }
      return rows;
    },
  );
}
