// docs/BENCHMARKS.md from a run's figures: the whole report from a full
// run's (this run's, or kept from the last one), else only the sections
// measured, every other section as it was; then each target met or missed.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { renderReport } from "../report.mjs";
import { abuseTargets, renderAbuseSection, spliceAbuseSection } from "../report-abuse.mjs";
import { backendsTargets, renderBackendsSection, spliceBackendsSection } from "../report-backends.mjs";
import { floorTargets, renderFloorSection, spliceFloorSection } from "../report-floor.mjs";
import { spliceSection } from "../report-format.mjs";
import { DASHBOARD_READS_HEADING, keptSection, PAGE_VIEWS_HEADING, SOAK_HEADING } from "../report-kept.mjs";
import { browsePagesTargets, renderBrowsePagesSection, spliceBrowsePagesSection } from "../report-browse-pages.mjs";
import { orderPagesTargets, renderOrderPagesSection, spliceOrderPagesSection } from "../report-order-pages.mjs";
import { photosTargets, renderPhotosSection, splicePhotosSection } from "../report-photos.mjs";
import { placeOrderTargets, renderPlaceOrderSection, splicePlaceOrderSection } from "../report-place-order.mjs";
import { renderScaleSection, scaleTargets } from "../report-scale.mjs";
import { renderScaleFirestoreSection, scaleFirestoreTargets, spliceScaleFirestoreSection } from "../report-scale-firestore.mjs";
import { keepSearchChoiceSection } from "../report-search-choice.mjs";
import { renderStrangerPathsSection, spliceStrangerPathsSection, strangerPathsTargets } from "../report-stranger-paths.mjs";
import { targets } from "../report-targets.mjs";
import { demo, only, scalePart } from "./options.mjs";

const REPORT = "docs/BENCHMARKS.md";

/** The whole report, from a full run's figures. */
function writeWholeReport(measured) {
  const previous = existsSync(REPORT) ? readFileSync(REPORT, "utf8") : "";
  const sections = [
    renderBackendsSection(measured.backends, measured.catalogueSize),
    renderScaleSection(measured.scale),
    renderAbuseSection(measured.abuse),
    renderScaleFirestoreSection(measured.scaleFirestore),
    renderFloorSection(
      measured.results.floorThroughput ?? measured.floor,
      measured.results.floorThroughput?.shopProfile ?? measured.floor?.shopProfile,
    ),
    renderPlaceOrderSection(measured.placeOrder),
    renderOrderPagesSection(measured.orderPages),
    renderStrangerPathsSection(measured.strangerPaths),
    renderBrowsePagesSection(measured.browsePages),
    keptSection(previous, DASHBOARD_READS_HEADING),
    renderPhotosSection(measured.photos),
    keptSection(previous, SOAK_HEADING),
    keptSection(previous, PAGE_VIEWS_HEADING),
  ];
  writeFileSync(REPORT, keepSearchChoiceSection(previous, renderReport(measured) + sections.join("")));
}

/** Only the section measured (both with --report-only); every other section as it was. */
function writeMeasuredSections(measured) {
  let report = readFileSync(REPORT, "utf8");
  if ((only === null || only === "firestore") && measured.backends)
    report = spliceBackendsSection(report, renderBackendsSection(measured.backends, demo.length));
  if ((only === null || only === "abuse") && measured.abuse) report = spliceAbuseSection(report, renderAbuseSection(measured.abuse));
  if ((only === null || only === "floor") && measured.floor)
    report = spliceFloorSection(report, renderFloorSection(measured.floor, measured.floor.shopProfile));
  if ((only === null || only === "place-order") && measured.placeOrder)
    report = splicePlaceOrderSection(report, renderPlaceOrderSection(measured.placeOrder));
  if ((only === null || only === "order-pages") && measured.orderPages)
    report = spliceOrderPagesSection(report, renderOrderPagesSection(measured.orderPages));
  if ((only === null || only === "stranger-paths") && measured.strangerPaths)
    report = spliceStrangerPathsSection(report, renderStrangerPathsSection(measured.strangerPaths));
  if ((only === null || only === "browse-pages") && measured.browsePages)
    report = spliceBrowsePagesSection(report, renderBrowsePagesSection(measured.browsePages));
  if ((only === null || only === "photos") && measured.photos) report = splicePhotosSection(report, renderPhotosSection(measured.photos));
  if (only === null && scalePart !== "firestore" && measured.scale)
    report = spliceSection(report, "## 7. Catalogue size", renderScaleSection(measured.scale));
  if (only === null && scalePart !== "sqlite" && measured.scaleFirestore)
    report = spliceScaleFirestoreSection(report, renderScaleFirestoreSection(measured.scaleFirestore));
  writeFileSync(REPORT, report);
}

/** Writes docs/BENCHMARKS.md from `measured`, then lists each target with its figure. */
export function writeReport(measured) {
  if (measured.results) writeWholeReport(measured);
  else writeMeasuredSections(measured);
  console.log(`\nwrote ${REPORT}`);
  const listed = [
    ...(measured.results ? targets(measured.results) : []),
    ...(measured.backends ? backendsTargets(measured.backends) : []),
    ...(measured.scale ? scaleTargets(measured.scale) : []),
    ...(measured.abuse ? abuseTargets(measured.abuse) : []),
    ...(measured.scaleFirestore ? scaleFirestoreTargets(measured.scaleFirestore) : []),
    ...floorTargets(measured.results?.floorThroughput ?? measured.floor),
    ...(measured.placeOrder ? placeOrderTargets(measured.placeOrder) : []),
    ...(measured.orderPages ? orderPagesTargets(measured.orderPages) : []),
    ...(measured.strangerPaths ? strangerPathsTargets(measured.strangerPaths) : []),
    ...(measured.browsePages ? browsePagesTargets(measured.browsePages) : []),
    ...(measured.photos ? photosTargets(measured.photos) : []),
  ];
  for (const t of listed) console.log(`${t.met ? "met   " : "MISSED"} ${t.target}: ${t.figure}`);
}
