// Database listeners one shop process holds for many open tabs. `visitors`
// guests each put a product in their cart through the UI of another instance
// (so this process has seen none of them), then each opens `tabsPerVisitor`
// tabs on this process. A tab is a raw live stream (/api/events) with the
// visitor's cookies, held open: that stream is all an open tab costs the
// server (the page itself is prerendered). The process's Firestore snapshot
// listeners are read from its counts (bench/counting/firestore-wire.mjs,
// loaded into the shop) before, while the tabs are open, and after they are
// closed, with the reads opening the tabs cost and where they came from.
import { launchBrowser } from "./lib/chromium.mjs";
import { difference, figuresOf, readCounts } from "./lib/counts.mjs";
import { openStream } from "./lib/sse.mjs";
import { addButtons, clickAdd, cookieHeader, openHydrated } from "./lib/ui.mjs";

/** One guest per context, one product each (a different one), added through `cartBaseURL`'s UI. */
async function guestsWithCarts(cartBaseURL, visitors) {
  const browser = await launchBrowser();
  try {
    const cookies = [];
    for (let i = 0; i < visitors; i += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openHydrated(page, `${cartBaseURL}/search?q=and`);
      await clickAdd(page, addButtons(page).nth(i));
      cookies.push(await cookieHeader(context, cartBaseURL));
      await context.close();
    }
    return cookies;
  } finally {
    await browser.close();
  }
}

const listenersOf = (counts) => counts.firestore?.listeners ?? { active: 0, byPath: {} };
const settle = () => new Promise((r) => setTimeout(r, 1000));

export async function listenersHeld(baseURL, cartBaseURL, { visitors = 10, tabsPerVisitor = 10 } = {}) {
  const cookies = await guestsWithCarts(cartBaseURL, visitors);
  const before = await readCounts(baseURL);
  const tabs = [];
  try {
    for (const cookie of cookies) for (let t = 0; t < tabsPerVisitor; t += 1) tabs.push(await openStream(baseURL, cookie));
    // Every tab has its visitor's cart (read once per tab, or from the listener).
    await Promise.all(tabs.map((tab) => tab.next("cart", 0)));
    await settle();
    const open = await readCounts(baseURL);
    await Promise.all(tabs.splice(0).map((tab) => tab.close()));
    await settle();
    const after = await readCounts(baseURL);
    // What opening the tabs read, and the listeners' snapshots meanwhile.
    const opening = figuresOf(difference(open, before));
    const byPath = (l) => Object.entries(l.byPath).map(([path, n]) => ({ path, listeners: n }));
    return {
      backend: open.backend,
      visitors,
      tabs: visitors * tabsPerVisitor,
      before: { active: listenersOf(before).active, byPath: byPath(listenersOf(before)) },
      open: { active: listenersOf(open).active, byPath: byPath(listenersOf(open)) },
      after: { active: listenersOf(after).active, byPath: byPath(listenersOf(after)) },
      documentsToOpen: opening.documents,
      firestoreToOpen: opening.firestore,
      sourcesToOpen: opening.sources,
      snapshotsToOpen: opening.snapshots,
    };
  } finally {
    await Promise.all(tabs.map((tab) => tab.close()));
  }
}
