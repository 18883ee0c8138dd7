// Section 7 of docs/BENCHMARKS.md: `npm run bench -- --scale` (bench/scale.mjs).
import { n0, targetsTable } from "./report-format.mjs";
import { browseViewLines, browseViewTargets } from "./report-browse-views.mjs";

const mb = (bytes) => (bytes / 1e6).toFixed(0);

/** The scale targets of issue 13, item 6, with the figures that decide them. */
export function scaleTargets(scale) {
  if (!scale || scale.rows?.failed || !Array.isArray(scale.rows)) return [];
  const rows = scale.rows;
  const smallest = rows[0];
  const largest = rows.at(-1);
  const list = [
    [
      `Build at ${n0(largest.count)} products within 2 × its time at ${n0(smallest.count)}`,
      `${n0(largest.buildSeconds)} s vs ${n0(smallest.buildSeconds)} s (${(largest.buildSeconds / smallest.buildSeconds).toFixed(1)}×)`,
      largest.buildSeconds <= 2 * smallest.buildSeconds,
    ],
    [
      `Build output at ${n0(largest.count)} products (without Next's cache) < 200 MB`,
      `${mb(largest.buildBytes)} MB`,
      largest.buildBytes < 200e6,
    ],
  ];
  if (largest.load) {
    const sitemap = largest.load.sitemap;
    list.push(
      sitemap
        ? [
            `Sitemap at ${n0(largest.count)} products: an index of files of at most 50,000 URLs, every product once`,
            `an index of ${sitemap.parts} parts, ${n0(sitemap.urls)} URLs (${n0(sitemap.productPages ?? 0)} product pages, ${n0(
              sitemap.urls - (sitemap.productPages ?? 0),
            )} home and category pages), the largest ${n0(sitemap.largestPart)}`,
            // Every product once; the other URLs are home and each category's plain pages (lib/sitemap.ts).
            sitemap.parts > 1 && sitemap.largestPart <= 50_000 && sitemap.productPages === largest.count,
          ]
        : [
            `Sitemap at ${n0(largest.count)} products: an index of files of at most 50,000 URLs, every product once`,
            `one file of ${n0(largest.load.sitemapUrls)} URLs`,
            false,
          ],
    );
  }
  list.push(
    ...browseViewTargets(largest.load?.browse, largest.count, { backend: "sqlite" }).map(({ target, figure, met }) => [
      target,
      figure,
      met,
    ]),
  );
  const adminList = largest.load?.adminList;
  if (adminList) {
    list.push([
      `Admin list at ${n0(largest.count)} products: a page in under 300 ms p95 (issue 14)`,
      `p95 ${n0(adminList.all.p95)} ms over ${adminList.all.requests} requests`,
      adminList.all.p95 < 300,
    ]);
  }
  list.push(["npm run bench -- --scale in under 30 minutes", `${n0(scale.totalSeconds / 60)} min`, scale.totalSeconds < 30 * 60]);
  return list.map(([target, figure, met]) => ({ target, figure, met }));
}

/** The admin list's latencies (bench/admin-list.mjs): one signed-in operator, one request at a time. */
function adminListLines(adminList, count) {
  const ms = (x) => n0(x);
  return [
    `The admin's product list at ${n0(count)} products (\`bench/admin-list.mjs\`): the local admin signed in through`,
    `next-auth, then ${adminList.rounds} rounds over six list URLs, one request at a time after two unmeasured rounds`,
    "(one operator's wait; each answer checked to be the list). The count line is what the page said.",
    ...(adminList.firstMs !== undefined
      ? [
          `The first list page after a catalogue change (one product re-imported by another process), which reads the catalogue again and rebuilds the process's index, took ${ms(adminList.firstMs)} ms.`,
        ]
      : []),
    "",
    "| list page | shows | p50 ms | p95 ms | slowest ms |",
    "| --- | --- | ---: | ---: | ---: |",
    ...adminList.byPath.map((r) => `| ${r.label} \`${r.path}\` | ${r.countLine} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`),
    `| all ${adminList.all.requests} requests | | ${ms(adminList.all.p50)} | ${ms(adminList.all.p95)} | ${ms(adminList.all.max)} |`,
    "",
  ];
}

export function renderScaleSection(scale) {
  if (!scale) return "";
  if (scale.rows?.failed) return `\n## 7. Catalogue size\n\nNot measured: the step failed (${scale.rows.failed}).\n`;
  const rows = scale.rows;
  const largest = rows.at(-1);
  const targets = scaleTargets(scale);
  return [
    "",
    "## 7. Catalogue size",
    "",
    `\`npm run bench -- --scale\` (\`bench/scale.mjs\`) at ${scale.tree.commit}${scale.tree.uncommittedSourceFiles ? ` with ${scale.tree.uncommittedSourceFiles} uncommitted source files` : ""}, ${scale.machine.date}, in ${n0(scale.totalSeconds)} s.`,
    "For each size a fresh SQLite store is seeded (the demo's 48, then generated copies under new names and ids),",
    "`next build` is timed, and the build folder is measured without `cache/`. A build prerenders the newest 200",
    "details pages (`lib/catalog/static-params.ts`); every other renders on its first request and is cached.",
    "",
    "| products | seed s | build s | build MB | pages prerendered |",
    "| ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) => `| ${n0(r.count)} | ${r.seedSeconds.toFixed(1)} | ${n0(r.buildSeconds)} | ${mb(r.buildBytes)} | ${r.staticPages ?? "?"} |`,
    ),
    "",
    ...(largest.load
      ? [
          `Served at ${n0(largest.count)} products (wrk, 64 connections, 5 s after a 1 s warm-up; wrk's latencies at this rate`,
          "are not the requests' real waits, §1, so only its rates are quoted). The oldest product's page, never",
          `prerendered, answered its first request ${largest.load.firstDetailsStatus} in ${n0(largest.load.firstDetailsMs)} ms, then from the cache.`,
          "",
          "| page | req/s | failed |",
          "| --- | ---: | ---: |",
          ...Object.entries(largest.load.load).map(([label, m]) => `| ${label} \`${m.path}\` | ${n0(m.rps)} | ${m.failures} |`),
          "",
        ]
      : []),
    ...browseViewLines(largest.load?.browse, largest.count, { backend: "sqlite" }),
    ...(largest.load?.adminList ? adminListLines(largest.load.adminList, largest.count) : []),
    ...targetsTable(targets),
    "",
    ...(largest.buildSeconds > 2 * rows[0].buildSeconds
      ? [
          `Why the build still grows: it prerenders ${rows.map((r) => `${r.staticPages} pages at ${n0(r.count)} products in ${n0(r.buildSeconds)} s`).join(", ")}`,
          `(${rows.map((r) => `${(r.buildSeconds / (r.staticPages || 1)).toFixed(2)} s`).join(", ")} per page, the build's fixed costs included).`,
          "A page's reads are meant to be sized to what it shows (`lib/catalog/read.ts`); a cost per page that grows",
          "with the catalogue means one of them decodes the whole catalogue again: profile the build.",
          "",
        ]
      : []),
  ].join("\n");
}
