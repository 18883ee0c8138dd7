// Database reads per 1,000 anonymous home-page views at steady state,
// counted from outside the shop's code by bench/counting/ (loaded into the
// shop with `node --import`; bench/lib/counts.mjs says what a document is on
// each backend).
//
// A "view" is what a browser does: a real chromium loads the home page once
// and we record every same-origin request that reaches the server's code
// (the document, the live stream /api/events, router prefetches, API
// calls; not static files or images, which cannot read the store). Those
// requests are then replayed, with the browser's own headers and no
// cookies, `views` times. The live stream is read until its first `cart`
// event (the page's whole start-up) and closed, as when a tab is closed.
import { launchBrowser } from "./lib/chromium.mjs";
import { figuresOf, readsDuring } from "./lib/counts.mjs";

const SERVER_KINDS = new Set(["document", "fetch", "xhr", "eventsource"]);
const DROP_HEADERS = new Set(["cookie", "host", "connection", "content-length", "accept-encoding"]);

/** The requests one anonymous browser view of `path` makes to the server's code. */
export async function recordView(baseURL, path = "/") {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = [];
    page.on("request", async (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseURL || url.pathname.startsWith("/_next/static/")) return;
      if (!SERVER_KINDS.has(request.resourceType())) return;
      requests.push({ method: request.method(), url: url.href, kind: request.resourceType(), headers: request.headers() });
    });
    // Not "load": images may still stream in on a busy machine; what matters
    // is that the page hydrated and its stream delivered the cart.
    await page.goto(`${baseURL}${path}`, { waitUntil: "domcontentloaded", timeout: 60_000 });
    await page.locator('header a[href="/cart-page"][data-loaded]').waitFor({ timeout: 60_000 });
    // Viewport prefetches start after hydration; give them time to go out.
    await page.waitForTimeout(2000);
    await context.close();
    if (!requests.some((r) => r.kind === "document")) throw new Error("the recorded view has no document request");
    return requests;
  } finally {
    await browser.close();
  }
}

const replayHeaders = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !DROP_HEADERS.has(name)));

// A keep-alive socket the server closed just as it was reused resets; a
// browser retries an idempotent request on a fresh connection, and so do we
// (once, counted in the report).
const retried = { count: 0 };
const isReset = (error) => ["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"].includes(error?.cause?.code);

async function replay(request, attempt = 1) {
  try {
    await replayOnce(request);
  } catch (error) {
    if (attempt > 1 || request.method !== "GET" || !isReset(error)) throw error;
    retried.count += 1;
    await replay(request, attempt + 1);
  }
}

async function replayOnce(request) {
  const controller = new AbortController();
  const response = await fetch(request.url, {
    method: request.method,
    headers: { ...replayHeaders(request.headers), ...(request.cookie && { cookie: request.cookie }) },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`${request.method} ${request.url} answered ${response.status}`);
  if (request.kind !== "eventsource") {
    await response.arrayBuffer();
    return;
  }
  // Read the stream until the visitor's cart arrives, then hang up.
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (text.includes("event: cart")) break;
  }
  controller.abort();
}

/** One view: the document first, then everything the page started, together (as the browser does). */
async function view(requests) {
  const [document, ...rest] = requests;
  await replay(document);
  await Promise.all(rest.map(replay));
}

async function views(requests, count, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      await view(requests);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Reads per `views` home views after `warmupViews`, anonymous unless a
 * `cookie` header is given (a signed-in shopper): the documents, where they
 * came from, and (Firestore) the listeners started and their snapshots.
 */
export async function readsPerViews(baseURL, { path = "/", warmupViews = 50, viewCount = 1000, concurrency = 8, cookie } = {}) {
  const requests = (await recordView(baseURL, path)).map((r) => ({ ...r, cookie }));
  await views(requests, warmupViews, concurrency);
  retried.count = 0;
  const started = Date.now();
  const window = await readsDuring(baseURL, () => views(requests, viewCount, concurrency));
  const seconds = (Date.now() - started) / 1000;
  const delta = window.counts;
  return {
    backend: delta.backend,
    requests: requests.map(({ method, url, kind }) => ({ method, url: url.replace(baseURL, ""), kind })),
    views: viewCount,
    warmupViews,
    concurrency,
    seconds,
    retriedAfterReset: retried.count,
    ...figuresOf(delta),
    listenersStarted: delta.firestore?.listeners.started ?? 0,
  };
}
