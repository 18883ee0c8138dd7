// What `npm run bench` was asked to measure (its command line and
// environment, bench/run.mjs's header says each), where its shops run, and
// the pages it measures.
import { readFileSync } from "node:fs";

export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const warmupSeconds = 1;
if (!(seconds > 0)) throw new Error("BENCH_SECONDS must be a positive number of seconds");

export const reportOnly = process.argv.includes("--report-only");
// --scale: only the catalogue-size runs (bench/scale.mjs, about 10 minutes),
// kept beside the last full run's figures and rendered with them.
const scaleAt = process.argv.indexOf("--scale");
export const scaleOnly = scaleAt >= 0;
export const scalePart = ["sqlite", "firestore"].includes(process.argv[scaleAt + 1]) ? process.argv[scaleAt + 1] : null;
const onlyAt = process.argv.indexOf("--only");
export const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;
if (
  only !== null &&
  !["firestore", "abuse", "floor", "place-order", "order-pages", "stranger-paths", "browse-pages", "photos"].includes(only)
)
  throw new Error("--only takes one value: firestore, abuse, floor, place-order, order-pages, stranger-paths, browse-pages or photos");
export const abuseSeconds = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
if (!(abuseSeconds > 0)) throw new Error("BENCH_ABUSE_SECONDS must be a positive number of seconds");

export const port = Number(process.env.BENCH_PORT ?? 3700);
export const authPort = Number(process.env.BENCH_AUTH_PORT ?? 9799);
export const distDir = process.env.BENCH_DIST_DIR ?? ".next-bench";
export const firestorePlace = {
  distDir: `${distDir}-firestore`,
  ports: { shopA: port + 1, shopB: port + 2, authA: authPort + 1, authB: authPort + 2 },
};
// Section 9's two instances, the third its browsing views run on, and their build; section 10's empty app and bare server.
export const scaleFirestorePlace = {
  distDir: `${distDir}-scale-firestore`,
  ports: { shopA: port + 20, shopB: port + 21, shopViews: port + 22, authA: authPort + 3, authB: authPort + 4, authViews: authPort + 5 },
};
export const floorPorts = { floor: port + 6, bare: port + 7, rendered: port + 8, tracked: port + 9 };
export const firestoreEmulatorPort = process.env.BENCH_FIRESTORE_PORT ? Number(process.env.BENCH_FIRESTORE_PORT) : undefined;

export const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
export const pages = [
  { label: "home", path: "/" },
  { label: "electronics", path: "/electronics" },
  { label: "details", path: `/details-page/${demo[0].id}` },
];
