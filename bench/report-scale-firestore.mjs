// Section 9 of docs/BENCHMARKS.md: the catalogue at scale on Firestore, two
// instances (bench/scale-firestore.mjs measures; issue 27, item 7). Formatting only.
import { browseViewLines, browseViewTargets } from "./report-browse-views.mjs";
import { n0, n1, sectionTargets, source, spliceSection } from "./report-format.mjs";

const HEADING = "## 9. 50,000 products on Firestore, two instances";
/** A first render after a change may take at most this long. */
export const RENDER_LIMIT_MS = 300;
/** The constant a page's reads may add to the products it shows. */
export const READS_CONSTANT = 10;
/** Memory at the largest size within this share of the smallest's. */
export const MEMORY_TOLERANCE = 0.1;

const mb = (bytes) => (bytes / 1e6).toFixed(0);

/** One size's figures that the "before" comparison keeps. */
export function keyFigures(row) {
  return {
    count: row.count,
    builtAtSize: !row.buildFailure,
    importSeconds: row.seed.seconds,
    importVersions: row.seed.versionsBumped,
    changeVersions: row.change.versionsBumped,
    afterChangeOnB: Object.fromEntries(row.after.B.renders.map((r) => [r.label, r.ms])),
    afterChangeStatusOnB: Object.fromEntries(row.after.B.renders.map((r) => [r.label, r.status])),
    readsPerChange: { A: row.after.A.reads.documents, B: row.after.B.reads.documents },
    readsPerColdStart: { A: row.cold.A.total.documents, B: row.cold.B.total.documents },
    rss: { A: row.after.A.rss, B: row.after.B.rss },
  };
}

/**
 * The figures measured before issue 27's changes (keyFigures of that run's
 * rows), kept to compare each new run with. At 50,000 products that code's
 * build failed (the sitemap's page data read every product and passed the
 * store's 10 s deadline), so its row is the catalogue grown after a build at 48.
 */
export const BEFORE = {
  commit: "main 903b3c9's shop (bench at abf2840)",
  date: "2026-11-25T20:10:03Z",
  loadavg: "19.87, 16.56, 12.51",
  rows: [
    {
      count: 48,
      builtAtSize: true,
      importSeconds: 4.5,
      importVersions: 2,
      changeVersions: 1,
      afterChangeOnB: {
        home: 1128.5,
        category: 702.9,
        search: 252.5,
        product: 237.9,
      },
      afterChangeStatusOnB: {
        home: 200,
        category: 200,
        search: 200,
        product: 200,
      },
      readsPerChange: {
        A: 51,
        B: 51,
      },
      readsPerColdStart: {
        A: 60,
        B: 58,
      },
      rss: {
        A: 183824384,
        B: 209862656,
      },
    },
    {
      count: 50000,
      builtAtSize: false,
      importSeconds: 161.3,
      importVersions: 2000,
      changeVersions: 1,
      afterChangeOnB: {
        home: 11609.4,
        category: 11069.3,
        search: 10475.3,
        product: 703.3,
      },
      afterChangeStatusOnB: {
        home: 500,
        category: 500,
        search: 200,
        product: 200,
      },
      readsPerChange: {
        A: 152733,
        B: 121752,
      },
      readsPerColdStart: {
        A: 45151,
        B: 56436,
      },
      rss: {
        A: 429727744,
        B: 516399104,
      },
    },
  ],
};
const measured = (s) => s && Array.isArray(s.rows) && s.rows.length > 0;
const shownSum = (renders) => renders.reduce((sum, r) => sum + r.shown, 0);

/** Section 9's targets with the figures that decide them. */
export function scaleFirestoreTargets(s) {
  if (!s) return [];
  if (!measured(s))
    return [
      { target: "50,000 products on Firestore, two instances", figure: `not measured${s.failed ? ` (${s.failed})` : ""}`, met: false },
    ];
  const small = s.rows[0];
  const large = s.rows.at(-1);
  const at = `at ${n0(large.count)} products`;
  const list = [
    [
      `The shop builds against ${n0(large.count)} products on Firestore`,
      large.buildFailure ? "the build failed" : "built",
      !large.buildFailure,
    ],
  ];
  for (const r of large.after.B.renders) {
    list.push([
      `First render of ${r.label} on instance B after a change ${at} ≤ ${RENDER_LIMIT_MS} ms (answered 200)`,
      `${n0(r.ms)} ms, ${r.status}`,
      r.ms <= RENDER_LIMIT_MS && r.status === 200,
    ]);
  }
  for (const name of ["A", "B"]) {
    const after = large.after[name];
    const limit = shownSum(after.renders) + READS_CONSTANT;
    list.push([
      `Documents read per change by instance ${name} ${at} ≤ what its four pages show + ${READS_CONSTANT}`,
      `${n0(after.reads.documents)} (pages show ${shownSum(after.renders)})`,
      after.reads.documents <= limit,
    ]);
  }
  for (const name of ["A", "B"]) {
    const cold = large.cold[name];
    const limit = shownSum(cold.renders) + READS_CONSTANT;
    list.push([
      `Documents read per cold start of instance ${name} ${at} (start + first renders) ≤ what its pages show + ${READS_CONSTANT}`,
      `${n0(cold.total.documents)} (pages show ${shownSum(cold.renders)})`,
      cold.total.documents <= limit,
    ]);
  }
  for (const name of ["A", "B"]) {
    const ratio = large.after[name].rss / small.after[name].rss;
    list.push([
      `Memory of instance ${name} ${at} within ${MEMORY_TOLERANCE * 100} % of ${n0(small.count)}`,
      `${mb(large.after[name].rss)} MB vs ${mb(small.after[name].rss)} MB (${ratio.toFixed(2)}×)`,
      ratio <= 1 + MEMORY_TOLERANCE,
    ]);
  }
  list.push([
    `Catalogue versions bumped by one import of ${n0(large.count)} products = 1`,
    n0(large.seed.versionsBumped),
    large.seed.versionsBumped === 1,
  ]);
  list.push(
    ...browseViewTargets(large.browse, large.count, { backend: "firestore" }).map(({ target, figure, met }) => [target, figure, met]),
  );
  list.push(["Catalogue versions bumped by a 1-product import = 1", n0(large.change.versionsBumped), large.change.versionsBumped === 1]);
  list.push([
    "The change shows on both instances (product page and search)",
    ["A", "B"].map((n) => `${n}: ${large.after[n].showsChange ? "yes" : "no"}`).join(", "),
    large.after.A.showsChange && large.after.B.showsChange,
  ]);
  return list.map(([target, figure, met]) => ({ target, figure, met }));
}

// A page that did not answer 200 shows its status beside its time.
const rendersCell = (renders) => renders.map((r) => `${n0(r.ms)}${r.status === 200 ? "" : ` (${r.status})`}`).join(" / ");
const sourcesCell = (figures) =>
  Object.entries(figures.sources)
    .slice(0, 3)
    .map(([name, n]) => `${source(name)} ${n0(n)}`)
    .join(", ") || "—";

export function renderScaleFirestoreSection(s) {
  if (!s) return "";
  if (!measured(s)) return `\n${HEADING}\n\nNot measured: the step failed (${s.failed ?? "no rows"}).\n`;
  const m = s.machine;
  const pages = s.rows[0].pages;
  const large = s.rows.at(-1);
  return [
    "",
    HEADING,
    "",
    `\`${s.command}\` (\`bench/scale-firestore.mjs\`) at ${s.tree.commit}${s.tree.uncommittedSourceFiles ? ` with ${s.tree.uncommittedSourceFiles} uncommitted source files` : ""},`,
    `${m.date}, on ${m.cores} × ${m.model}, ${m.memoryGiB} GiB, Node ${m.node}, load average at the start ${m.loadavg}; this part took ${n0(s.totalSeconds)} s.`,
    "",
    "For each size the official Firestore emulator (one for the run) is cleared, `scripts/seed.ts` imports a generated",
    "catalogue file (the demo's products, then copies under new names and ids), the shop is built against it and two",
    "instances of that one build are started (`next start`, one NEXTAUTH_SECRET, one database, as two serverless",
    "instances). Each instance is then asked for four pages, one at a time, cold; then a **1-product import**",
    `(\`scripts/seed.ts\` on a file holding one existing Electronics product, renamed "… ${"Revised"}") changes the catalogue,`,
    `and after ${n0(large.change.settleMs / 1000)} s the same four pages are asked for on instance B, then A. A render is timed to the`,
    "response's last byte (no compression). Documents are Firestore's billable reads counted inside each shop process",
    "(`bench/counting/`); memory is the server process's RSS after the renders. *Shown* is how many products a page links to.",
    "",
    `Pages: ${pages.map((p) => `${p.label} \`${p.path}\``).join(", ")} (ms in that order below).`,
    "",
    "| products | import s | versions bumped by the import | build + start s | cold renders on A, ms | cold reads A: start / renders | after the change on B, ms | reads per change B / A | 1-product import: versions | RSS A / B MB |",
    "| ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: |",
    ...s.rows.map(
      (r) =>
        `| ${n0(r.count)} | ${n1(r.seed.seconds)} | ${n0(r.seed.versionsBumped)} | ${n0(r.buildAndStartSeconds)} | ${rendersCell(r.cold.A.renders)} | ${n0(r.cold.A.startup.documents)} / ${n0(r.cold.A.rendersReads.documents)} | ` +
        `${rendersCell(r.after.B.renders)} | ${n0(r.after.B.reads.documents)} / ${n0(r.after.A.reads.documents)} | ${n0(r.change.versionsBumped)} | ${mb(r.after.A.rss)} / ${mb(r.after.B.rss)} |`,
    ),
    "",
    ...s.rows
      .filter((r) => r.buildFailure)
      .flatMap((r) => [
        `**At ${n0(r.count)} products the build failed**, so that row measures the catalogue grown after a deployment instead: built at`,
        `48 products, then the whole file imported (${n1(r.grownImport.seconds)} s, ${n0(r.grownImport.versionsBumped)} versions), then both instances started. The build said:`,
        "",
        "```",
        r.buildFailure,
        "```",
        "",
      ]),
    "Where each instance's reads came from (the three largest sources):",
    "",
    "| products | instance | cold start | per change | products shown after the change |",
    "| ---: | --- | --- | --- | ---: |",
    ...s.rows.flatMap((r) =>
      ["A", "B"].map(
        (name) =>
          `| ${n0(r.count)} | ${name} | ${n0(r.cold[name].total.documents)}: ${sourcesCell(r.cold[name].total)} | ${n0(r.after[name].reads.documents)}: ${sourcesCell(r.after[name].reads)} | ${shownSum(r.after[name].renders)} |`,
      ),
    ),
    "",
    ...browseViewLines(large.browse, large.count, { backend: "firestore" }),
    ...beforeLines(s),
    ...sectionTargets(scaleFirestoreTargets(s)),
  ].join("\n");
}

/** This run's figures beside BEFORE's, size by size. */
function beforeLines(s) {
  const lines = [];
  if (!BEFORE) return lines;
  for (const row of s.rows) {
    const before = BEFORE.rows.find((r) => r.count === row.count);
    if (!before) continue;
    const now = keyFigures(row);
    const pair = (pick, format) => `| ${format(pick(before))} | ${format(pick(now))} |`;
    const ms = (x) => `${n0(x)} ms`;
    lines.push(
      `At ${n0(row.count)} products, before (${BEFORE.commit}, ${BEFORE.date}, load average ${BEFORE.loadavg}) and in this run:`,
      "",
      "| figure | before | this run |",
      "| --- | ---: | ---: |",
      `| built against ${n0(row.count)} products ${pair(
        (f) => f.builtAtSize,
        (x) => (x ? "yes" : "no: the build failed"),
      )}`,
      `| import of ${n0(row.count)} products ${pair(
        (f) => f.importSeconds,
        (x) => `${n1(x)} s`,
      )}`,
      `| catalogue versions bumped by that import ${pair((f) => f.importVersions, n0)}`,
      `| versions bumped by a 1-product import ${pair((f) => f.changeVersions, n0)}`,
      ...Object.keys(now.afterChangeOnB).map(
        (label) =>
          `| first render of ${label} on B after the change ${pair(
            (f) => f,
            (f) =>
              `${ms(f.afterChangeOnB[label])}${f.afterChangeStatusOnB?.[label] === 200 ? "" : ` (${f.afterChangeStatusOnB?.[label]})`}`,
          )}`,
      ),
      ...["A", "B"].map((name) => `| documents read per change, instance ${name} ${pair((f) => f.readsPerChange[name], n0)}`),
      ...["A", "B"].map((name) => `| documents read per cold start, instance ${name} ${pair((f) => f.readsPerColdStart[name], n0)}`),
      ...["A", "B"].map(
        (name) =>
          `| RSS of instance ${name} ${pair(
            (f) => f.rss[name],
            (x) => `${mb(x)} MB`,
          )}`,
      ),
      "",
    );
  }
  return lines;
}

export const spliceScaleFirestoreSection = (report, section) => spliceSection(report, HEADING, section);
