// What each page's HTML weighs, uncompressed as the server sends it, and of
// what: the inline RSC payload (`self.__next_f.push` scripts: the same page
// again, as React's data for hydration), the other inline scripts, and the
// markup. Issue 13's targets compare with the pages as they were before
// that work (BASELINE: `next start`, the demo catalogue, measured at 8f0b5c6).
import http from "node:http";

export const BASELINE = { commit: "8f0b5c6", bytes: { home: 141_312, electronics: 51_345, details: 26_249 } };

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
      })
      .on("error", reject);
  });
}

export async function pageWeights(baseURL, pages) {
  const rows = [];
  for (const { label, path } of pages) {
    const { status, body } = await get(`${baseURL}${path}`);
    if (status !== 200) throw new Error(`${path} answered ${status}, not 200`);
    const scripts = body.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? [];
    const size = (parts) => parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
    const rsc = size(scripts.filter((script) => script.includes("self.__next_f")));
    const inline = size(scripts.filter((script) => !script.includes("self.__next_f") && !/^<script[^>]*\bsrc=/.test(script)));
    const bytes = Buffer.byteLength(body);
    rows.push({
      label,
      path,
      bytes,
      rsc,
      otherInlineScripts: inline,
      markup: bytes - rsc - inline,
      images: (body.match(/<img\b/g) ?? []).length,
    });
  }
  return rows;
}
