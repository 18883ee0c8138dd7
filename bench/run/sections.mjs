// The sections measured on their own (`--only`, `--scale`) or beside the
// full run's shop, each returned with what the report says of its run: the
// command, the machine when it started, the source.
import { measureFirestore, readsOnBackend } from "../backends.mjs";
import { floorThroughput } from "../floor-throughput.mjs";
import { abuseRun } from "../abuse.mjs";
import { ensureAb } from "../lib/ab.mjs";
import { startShop } from "../lib/server.mjs";
import { orderPagesLighthouse } from "../order-pages.mjs";
import { browsePagesLighthouse } from "../browse-pages.mjs";
import { firstFrameProbe } from "../first-frame-probe.mjs";
import { cameraSizedPhotos, GALLERY_PHOTOS, galleryLighthouse, photoUploads } from "../photo-gallery.mjs";
import { startFirestoreEmulator } from "../../scripts/lib/firestore-emulator.mjs";
import { placeOrderRun } from "../place-order.mjs";
import { scaleRuns } from "../scale.mjs";
import { firestoreScaleRuns } from "../scale-firestore.mjs";
import { serverProfile } from "../server-profile.mjs";
import { SELF_HOSTED_HEAP_MB, strangerPathsRun } from "../stranger-paths.mjs";
import {
  abuseSeconds,
  authPort,
  demo,
  distDir,
  firestoreEmulatorPort,
  firestorePlace,
  floorPorts,
  port,
  scaleFirestorePlace,
  seconds,
  warmupSeconds,
} from "./options.mjs";
import { machine, startedAt, step, treeState } from "./record.mjs";

const secondsSince = (started) => (Date.now() - started) / 1000;

/** What a section measured on a shop of its own records of itself: its command, the machine at its start, the tree, its time. */
const sectionRecord = (command, at, started) => ({
  command,
  machine: { ...machine, ...at },
  versions: machine,
  tree: treeState(),
  totalSeconds: secondsSince(started),
});

/** Section 7: the SQLite shop built and measured at 48, 5,000 and 50,000 products. */
export async function measureScale() {
  const started = Date.now();
  const rows = await step("scale", () => scaleRuns({ port: port + 10, authPort, seconds, warmupSeconds }));
  return { rows, machine, tree: treeState(), totalSeconds: secondsSince(started) };
}

/** Section 9: 48 and 50,000 products on the Firestore emulator, two instances. */
export async function measureScaleFirestore(command) {
  const at = startedAt();
  const figures = await step("scale on Firestore: 48 and 50,000 products, two instances", () =>
    firestoreScaleRuns({ place: scaleFirestorePlace, emulatorPort: firestoreEmulatorPort }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), ...figures };
}

/** Section 11: placing an order, timed and counted through the store on SQLite and on an emulator of its own. */
export async function measurePlaceOrder(command) {
  const started = Date.now();
  const at = startedAt();
  const figures = await step("placing an order at 1, 10 and 50 lines, SQLite and the Firestore emulator", () =>
    placeOrderRun({ emulatorPort: firestoreEmulatorPort }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), totalSeconds: secondsSince(started), ...figures };
}

/** Section 12: Lighthouse on the checkout, an order's page and "Returns & Orders", on a shop of its own. */
export async function measureOrderPages(command) {
  const started = Date.now();
  const at = startedAt();
  const shop = await startShop({ port, authPort, distDir });
  try {
    const rows = await step("lighthouse on the pages of an order", () => orderPagesLighthouse(shop.baseURL, [demo[0].id, demo[1].id]));
    return { ...sectionRecord(command, at, started), rows };
  } finally {
    await shop.stop();
  }
}

/** Section 13: 10,000 unique made-up search and product paths, and what they leave on disk and in memory. */
export async function measureStrangerPaths(command) {
  const started = Date.now();
  const at = startedAt();
  // The build first, on Node's own heap: `next build` needs more than an instance's heap, which the runs below set.
  await step("the shop's build", async () => (await startShop({ port, authPort, distDir })).stop());
  // Twice, each on a fresh shop: with the heap docs/DEPLOY.md sets (the targets), and as Node sizes it here.
  const figures = await step("10,000 strangers' paths: disk and memory, deployed heap", () =>
    strangerPathsRun({ port, authPort, distDir, heapMb: SELF_HOSTED_HEAP_MB }),
  );
  const defaultHeap = await step("10,000 strangers' paths: disk and memory, Node's default heap", () =>
    strangerPathsRun({ port, authPort, distDir }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), totalSeconds: secondsSince(started), ...figures, defaultHeap };
}

/** Section 10 on a running shop: home against the framework floor. `shopProfile`: bench/server-profile.mjs's result. */
export async function measureFloor(shop, command, shopProfile) {
  const started = Date.now();
  const at = startedAt();
  const figures = await step("home against the framework floor", () =>
    floorThroughput(`${shop.baseURL}/`, { ports: floorPorts, seconds, warmupSeconds }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), totalSeconds: secondsSince(started), shopProfile, ...figures };
}

/** Home under load, profiled in a second process from the shop's build (its data folder), while the shop idles. */
export const profileHome = (shop) =>
  step("home under load, profiled", () =>
    serverProfile({ port: port + 5, authPort, distDir, dataDir: shop.dataDir, seconds, warmupSeconds }),
  );

/** Section 10 alone: the shop, home profiled, then against the floor. */
export async function measureFloorOnly() {
  // The profile's tail window runs ab (bench/server-profile.mjs).
  ensureAb();
  const shop = await startShop({ port, authPort, distDir });
  try {
    return await measureFloor(shop, "npm run bench -- --only floor", await profileHome(shop));
  } finally {
    await shop.stop();
  }
}

/** Section 8: a shop of its own at the real limits, 20 shoppers with and without a client at 10 × the search limit. */
export async function measureAbuse(command) {
  const started = Date.now();
  const at = startedAt();
  const figures = await step("abuse: 20 shoppers beside a client at 10 × the search limit", () =>
    abuseRun({ port, authPort, distDir, seconds: abuseSeconds }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), totalSeconds: secondsSince(started), ...figures };
}

/** Section 6's Firestore part: two instances on one emulator, their reads, delays and listeners. */
export const measureFirestoreInstances = () => step("firestore backend", () => measureFirestore({ ...firestorePlace, step }));

/** Section 6 alone: both backends' reads, then the Firestore instances. */
export async function measureBackendsOnly() {
  const started = Date.now();
  const shop = await startShop({ port, authPort, distDir, countReads: true });
  let sqlite;
  try {
    sqlite = await readsOnBackend(shop, authPort, step);
  } finally {
    await shop.stop();
  }
  const firestore = await measureFirestoreInstances();
  return {
    command: "npm run bench -- --only firestore",
    machine,
    tree: treeState(),
    totalSeconds: secondsSince(started),
    sqlite,
    firestore,
  };
}

/** Section 14: Lighthouse on a filtered listing, a search's view and a product page with "more like this", on a shop of its own. */
export async function measureBrowsePages(command) {
  const started = Date.now();
  const at = startedAt();
  const shop = await startShop({ port, authPort, distDir });
  try {
    const rows = await step("lighthouse on the browsing pages", () => browsePagesLighthouse(shop.baseURL, demo));
    const firstFrame = await step("the browser's first frame, on a probe page", () => firstFrameProbe());
    return { ...sectionRecord(command, at, started), rows, firstFrame };
  } finally {
    await shop.stop();
  }
}

/** Section 16: eight 4 MB photos uploaded to one product on each store, timed to a shopper's page; Lighthouse on its gallery. */
export async function measurePhotos(command) {
  const started = Date.now();
  const at = startedAt();
  const photos = await step("eight 4 MB camera-sized photos", () => cameraSizedPhotos(GALLERY_PHOTOS));
  const sqliteShop = await startShop({ port, authPort, distDir });
  let sqlite;
  let rows;
  try {
    sqlite = await step("photos on sqlite: upload to visible", () => photoUploads(sqliteShop, `127.0.0.1:${authPort}`, photos));
    rows = await step("lighthouse on the gallery of 8", () => galleryLighthouse(sqliteShop.baseURL, sqlite));
  } finally {
    await sqliteShop.stop();
  }
  const emulator = await startFirestoreEmulator({ port: firestoreEmulatorPort });
  let firestore;
  try {
    const { ports } = firestorePlace;
    const shop = await startShop({
      port: ports.shopA,
      authPort: ports.authA,
      distDir: firestorePlace.distDir,
      firestoreHost: emulator.host,
    });
    try {
      firestore = await step("photos on firestore: upload to visible", () => photoUploads(shop, `127.0.0.1:${ports.authA}`, photos));
    } finally {
      await shop.stop();
    }
  } finally {
    await emulator.stop();
  }
  return {
    ...sectionRecord(command, at, started),
    photoBytes: photos.map((photo) => photo.length),
    uploads: { sqlite: sqlite.uploads, firestore: firestore.uploads },
    rows,
  };
}
