// Section 16 of docs/BENCHMARKS.md: an operator's photos, uploaded and shown
// (bench/photo-gallery.mjs measures; issue 42, item 6). Formatting only.
import { lighthouseSectionAlone } from "./report-lighthouse.mjs";
import { kB, n0, sectionTargets, spliceSection } from "./report-format.mjs";
import { median } from "./lib/stats.mjs";

const HEADING = "## 16. Photos: upload to visible, and a gallery of 8";
const MOBILE_PERFORMANCE_MIN = 95;
const GALLERY = "product with a gallery of 8";

const measured = (run) => run && !run.failed && Array.isArray(run.rows) && run.uploads;

/** Section 16's targets: the gallery page's mobile performance (the median run) ≥ 95, and no layout shift in any of its mobile runs. */
export function photosTargets(run) {
  if (!run) return [];
  if (!measured(run))
    return [
      {
        target: "Photos: upload to visible and the gallery's Lighthouse",
        figure: `not measured${run.failed ? ` (${run.failed})` : ""}`,
        met: false,
      },
    ];
  const gallery = run.rows.find((row) => row.label === GALLERY && row.formFactor === "mobile");
  if (!gallery) return [{ target: `Lighthouse mobile ${GALLERY}`, figure: "not measured (no mobile row)", met: false }];
  return [
    {
      target: `Lighthouse mobile ${GALLERY}: performance ≥ ${MOBILE_PERFORMANCE_MIN} (median of ${gallery.runs} runs)`,
      figure: `${gallery.scores.performance} (runs: ${gallery.allPerformance.join(", ")})`,
      met: gallery.scores.performance >= MOBILE_PERFORMANCE_MIN,
    },
    { target: `Lighthouse mobile ${GALLERY}: CLS 0 in every run`, figure: `worst ${gallery.worstCls}`, met: gallery.worstCls === 0 },
  ];
}

const ms = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${n0(median(sorted))} (${n0(sorted[0])}–${n0(sorted.at(-1))})`;
};

/** One row per store: the add's photo, and the seven edits' median (fastest–slowest). */
function uploadRows(uploads) {
  return Object.entries(uploads).map(([store, list]) => {
    const [add, ...edits] = list;
    return (
      `| ${store === "sqlite" ? "SQLite, media folder" : "Firestore emulator, Cloud Storage stand-in"} | ${n0(add.savedMs)} | ${n0(add.visibleMs)} | ` +
      `${ms(edits.map((u) => u.savedMs))} | ${ms(edits.map((u) => u.visibleMs))} | ${list.map((u) => u.loads).join(", ")} |`
    );
  });
}

/** The section, or a line saying why it has no figures. */
export function renderPhotosSection(run) {
  if (!run) return "";
  const head = [`\n${HEADING}`, ""];
  if (!measured(run)) return [...head, `Not measured${run.failed ? `: ${run.failed}` : ""}.`, ""].join("\n");
  const { machine } = run;
  const bytes = [...run.photoBytes].sort((a, b) => a - b);
  return [
    ...head,
    `Command: \`${run.command}\` (\`bench/photo-gallery.mjs\`, ${Math.round(run.totalSeconds)} s), ${machine.date}, on ${machine.cores} × ${machine.model.split(" ").slice(0, 2).join(" ")},`,
    `${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadavg} at its start. Source: commit ${run.tree.commit}${run.tree.uncommittedSourceFiles ? ` with ${run.tree.uncommittedSourceFiles} source files changed` : ""}.`,
    `Eight photos of 4,000 × 3,000 pixels, ${kB(bytes[0])}–${kB(bytes.at(-1))} kB as JPEG (a phone camera's; the shop takes up to 4 MiB), each`,
    "sent through the admin's own forms in the benchmarks' browser, signed in as the local admin: the first with",
    '"Add product", the other seven one at a time on the product\'s page ("Save changes"), as the forms take them.',
    "Saved: from the press until the form says so (the post, the type read from the bytes, one decode, the two WebP widths",
    "made and stored, the product written, its pages' tags expired). Visible: from the same press until a new shopper's",
    "page of the product, opened at 1280 px after the save, has drawn that photo large (chosen by its thumbnail in a",
    "gallery); page loads counts how many loads of that page it took (1: the first page after the save showed it).",
    "Times in ms, the seven edits as median (fastest–slowest).",
    "",
    "| store | add: saved | add: visible | edit: saved | edit: visible | page loads, photos 1–8 |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...uploadRows(run.uploads),
    "",
    "Then Lighthouse, on the SQLite shop just measured: the product's page with its gallery of 8 uploaded photos, and",
    "beside it, in the same run, a product with one uploaded photo (the same first photo).",
    "",
    ...lighthouseSectionAlone(run.rows, run.versions),
    "",
    ...sectionTargets(photosTargets(run)),
  ].join("\n");
}

/** `report` with section 16 replaced, or added before the search engine choice (the last section). */
export function splicePhotosSection(report, section) {
  const searchChoice = report.indexOf("\n## Search engine choice");
  if (report.includes(`\n${HEADING}`) || searchChoice < 0) return spliceSection(report, HEADING, section);
  return report.slice(0, searchChoice) + section + report.slice(searchChoice);
}
