// npm run bench: builds (when sources changed) and starts the shop on its
// embedded defaults with the demo catalogue, runs the five measurements of
// issue 6 against that one process, then measures the framework's own
// first-load JS on an empty app, and writes docs/BENCHMARKS.md.
// BENCH_SECONDS (default 5) sets each load-test step; the whole run takes
// about five minutes on two cores with a current build (a build adds three).
// `--report-only` re-renders the report from bench/.last-run.json.
// `--only firestore` measures only section 6 (both backends' reads, two
// Firestore instances on the emulator: live delay across them, listeners
// held) and rewrites only that section of the report; the other sections
// keep the figures of their last full run. Lighthouse is not run.
// `--scale` runs the catalogue-size sections: 7 (SQLite, builds at 48, 5,000
// and 50,000 products) and 9 (Firestore: 48 and 50,000 products, two
// instances, bench/scale-firestore.mjs); `--scale sqlite` or `--scale firestore`
// runs one of them. `--only floor` measures only section 10 (home against the
// framework floor, bench/floor-throughput.mjs; a full run measures it too).
// BENCH_FIRESTORE_PORT places the emulator of sections 9 and 11 (a free port otherwise).
// Section 9 builds the shop once per size; measured on two cores shared with
// other work (load average 20) it took 25 minutes, a failed build at 50,000
// included; section 10 takes about 3 minutes beside a running shop.
// `--only abuse` measures only section 8 (bench/abuse.mjs: 20 shoppers with
// and without one client at 10 × the search limit, on a shop of its own at
// the real limits; BENCH_ABUSE_SECONDS, default 20, per window) and rewrites
// only that section. `--only place-order` measures only section 11
// (bench/place-order.mjs: store.placeOrder timed, and its reads and writes
// per order counted, at 1, 10 and 50 lines, on SQLite and on an emulator of
// its own; about 2 minutes) and rewrites only that section; a full run keeps
// its last figures.
// `--only order-pages` measures only section 12 (bench/order-pages.mjs:
// Lighthouse on the checkout with a guest's cart, the order's page and
// "Returns & Orders", on a shop of its own; about 4 minutes) and rewrites
// only that section. `--only stranger-paths` measures only section 13
// (bench/stranger-paths.mjs: 10,000 unique made-up search and product paths
// sent to a shop of its own, and the disk and memory they leave behind) and
// rewrites only that section; a full run keeps its last figures.
// `--only browse-pages` measures only section 14 (bench/browse-pages.mjs:
// Lighthouse on a filtered listing, a search's view and a product page with
// "more like this", on a shop of its own) and rewrites only that section.
// `--only photos` measures only section 16 (bench/photo-gallery.mjs: eight
// 4 MB photos uploaded through the admin's forms on each store, timed to a
// shopper's page, and Lighthouse on the gallery of 8; about 10 minutes) and
// rewrites only that section.
// BENCH_PORT (3700), BENCH_AUTH_PORT (9799) and BENCH_DIST_DIR (.next-bench)
// place the SQLite shop; the two Firestore instances take the next two
// ports of each and the build folder `${BENCH_DIST_DIR}-firestore`.
//
// The run's parts: what it was asked (bench/run/options.mjs), what it
// records of itself (record.mjs), the sections measured alone (sections.mjs)
// or in a full run (full-run.mjs), and the report (write-report.mjs).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { measureAll } from "./run/full-run.mjs";
import { only, reportOnly, scaleOnly, scalePart } from "./run/options.mjs";
import {
  measureAbuse,
  measureBackendsOnly,
  measureBrowsePages,
  measurePhotos,
  measureFloorOnly,
  measureOrderPages,
  measurePlaceOrder,
  measureScale,
  measureScaleFirestore,
  measureStrangerPaths,
} from "./run/sections.mjs";
import { writeReport } from "./run/write-report.mjs";

// The raw figures of the last run, kept apart from the report so a change to
// the report's wording can be re-rendered (--report-only) without measuring
// again. Not committed: docs/BENCHMARKS.md is the record.
const LAST_RUN = "bench/.last-run.json";
const lastRun = () => (existsSync(LAST_RUN) ? JSON.parse(readFileSync(LAST_RUN, "utf8")) : {});

let measured;
if (reportOnly) {
  measured = JSON.parse(readFileSync(LAST_RUN, "utf8"));
} else if (scaleOnly) {
  // Kept beside the last full run's figures; without one, only these sections of the report are rewritten.
  measured = { ...lastRun() };
  const command = `npm run bench -- --scale${scalePart ? ` ${scalePart}` : ""}`;
  if (scalePart !== "firestore") measured.scale = await measureScale();
  if (scalePart !== "sqlite") measured.scaleFirestore = await measureScaleFirestore(command);
  writeFileSync(LAST_RUN, `${JSON.stringify(measured, null, 2)}\n`);
} else if (only) {
  // Kept beside the last full run's figures, so --report-only renders both.
  const previous = lastRun();
  const measureOnly = {
    abuse: async () => ({ abuse: await measureAbuse("npm run bench -- --only abuse") }),
    firestore: async () => ({ backends: await measureBackendsOnly() }),
    floor: async () => ({ floor: await measureFloorOnly() }),
    "place-order": async () => ({ placeOrder: await measurePlaceOrder("npm run bench -- --only place-order") }),
    "order-pages": async () => ({ orderPages: await measureOrderPages("npm run bench -- --only order-pages") }),
    "stranger-paths": async () => ({ strangerPaths: await measureStrangerPaths("npm run bench -- --only stranger-paths") }),
    "browse-pages": async () => ({ browsePages: await measureBrowsePages("npm run bench -- --only browse-pages") }),
    photos: async () => ({ photos: await measurePhotos("npm run bench -- --only photos") }),
  };
  const section = await measureOnly[only]();
  measured = { ...previous, ...section };
  writeFileSync(LAST_RUN, `${JSON.stringify(measured, null, 2)}\n`);
} else {
  // A full run keeps the last --scale figures, SQLite's and Firestore's (that run is separate: it builds three times), and the last --only place-order, order-pages and stranger-paths ones.
  const previous = lastRun();
  measured = {
    ...(await measureAll()),
    ...(previous.scale && { scale: previous.scale }),
    ...(previous.scaleFirestore && { scaleFirestore: previous.scaleFirestore }),
    ...(previous.placeOrder && { placeOrder: previous.placeOrder }),
    ...(previous.orderPages && { orderPages: previous.orderPages }),
    ...(previous.strangerPaths && { strangerPaths: previous.strangerPaths }),
    ...(previous.browsePages && { browsePages: previous.browsePages }),
    ...(previous.photos && { photos: previous.photos }),
  };
  writeFileSync(LAST_RUN, `${JSON.stringify(measured, null, 2)}\n`);
}

writeReport(measured);
