// The same reads measured on both backends, and what only a shared database
// has: two shop instances on one Cloud Firestore (the official emulator),
// live changes crossing from one to the other, and the listeners one process
// holds for many tabs. Issue 10, point 6.
//
// SQLite runs in the shop bench/run.mjs already started; Firestore gets its
// own emulator (a free port) and two instances of one build, one
// NEXTAUTH_SECRET and one Auth emulator (instance A's), as two serverless
// instances of one deployment would have.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { startFirestoreEmulator } from "../scripts/lib/firestore-emulator.mjs";
import { catalogDelay } from "./catalog-delay.mjs";
import { listenersHeld } from "./listeners.mjs";
import { liveDelay } from "./live-delay.mjs";
import { startShop } from "./lib/server.mjs";
import { readsPerAdd, readsPerSearch, readsPerSignedInView } from "./reads-per-action.mjs";
import { readsPerViews } from "./reads.mjs";

const CROSS_CHANGES = 20;

/**
 * The reads every backend is measured on, against one running shop. `home`:
 * the home views' figures when this run has them already (section 3).
 */
export async function readsOnBackend(shop, authPort, step, { home } = {}) {
  const base = shop.baseURL;
  return {
    home: home ?? (await step(`${shop.backend}: reads per 1,000 home views`, () => readsPerViews(base))),
    search: await step(`${shop.backend}: reads per search`, () => readsPerSearch(base)),
    add: await step(`${shop.backend}: reads per add to cart`, () => readsPerAdd(base)),
    signedIn: await step(`${shop.backend}: reads per signed-in view`, () => readsPerSignedInView(base, authPort)),
    live: await step(`${shop.backend}: live delay, one instance`, () => liveDelay(base, { changes: CROSS_CHANGES })),
  };
}

/**
 * Starts the emulator and two Firestore instances, measures, stops them all.
 * `ports`: { shopA, shopB, authA, authB }; `distDir`: the Firestore build's folder.
 */
export async function measureFirestore({ ports, distDir, step }) {
  const emulator = await startFirestoreEmulator();
  const started = Date.now();
  const nextauthSecret = randomBytes(32).toString("base64url");
  const shops = [];
  try {
    const a = await startShop({
      port: ports.shopA,
      authPort: ports.authA,
      distDir,
      firestoreHost: emulator.host,
      nextauthSecret,
      countReads: true,
    });
    shops.push(a);
    // B verifies sessions against A's Auth emulator (one Firebase project) and
    // inlines the same public configuration, so it serves A's build as is.
    const sharedAuth = `127.0.0.1:${ports.authA}`;
    const b = await startShop({
      port: ports.shopB,
      authPort: ports.authB,
      distDir,
      firestoreHost: emulator.host,
      nextauthSecret,
      countReads: true,
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: sharedAuth,
        NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: sharedAuth,
      },
    });
    shops.push(b);
    const readyAfter = (Date.now() - started) / 1000;

    const reads = await readsOnBackend(a, ports.authA, step);
    const cross = await step("firestore: live delay, instance A to instance B", () =>
      liveDelay(a.baseURL, { changes: CROSS_CHANGES, otherBaseURL: b.baseURL }),
    );
    const product = JSON.parse(readFileSync("data/demo-products.json", "utf8"))[1];
    const catalog = await step("firestore: catalogue change to both instances' streams", () =>
      catalogDelay(emulator.host, [a.baseURL, b.baseURL], product),
    );
    // Carts made through A, tabs held on B: B starts from no cart listener.
    const listeners = await step("firestore: listeners held for 100 tabs of 10 visitors", () => listenersHeld(b.baseURL, a.baseURL));
    return { built: a.built, readyAfter, emulatorHost: emulator.host, reads, cross, catalog, listeners };
  } finally {
    for (const shop of shops.reverse()) await shop.stop();
    await emulator.stop();
  }
}
