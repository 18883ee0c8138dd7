// The benchmarks' headless Chromium as Lighthouse drives it, on a page with
// nothing of the shop: two lines of text behind one render-blocking
// stylesheet that a local server sends after a set delay. It shows when this
// browser presents a page's first frame (Lighthouse's observed first
// contentful paint) as the stylesheet comes later. Lighthouse's simulated LCP
// counts every script that ran before the observed one, so a first frame held
// back here charges all of a page's JavaScript to its mobile LCP (§14).
import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_FLAGS_HEADLESS } from "./lib/chromium.mjs";

/** How late the stylesheet comes (ms after its request), one Lighthouse run each. */
const STYLESHEET_DELAYS_MS = [0, 50, 150, 300, 600];

const PAGE = (delayMs) =>
  '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>First frame probe</title>' +
  `<link rel="stylesheet" href="/style.css?ms=${delayMs}"></head><body><h1>First frame probe</h1><p>Two lines of text.</p></body></html>`;

function probeServer() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, "http://probe");
    const delayMs = Number(url.searchParams.get("ms") ?? 0);
    if (url.pathname === "/style.css") {
      setTimeout(() => response.writeHead(200, { "content-type": "text/css" }).end("body{color:#123}"), delayMs);
    } else if (url.pathname === "/page") {
      response.writeHead(200, { "content-type": "text/html" }).end(PAGE(delayMs));
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** One row per stylesheet delay: when the stylesheet was in (the load event) and when the first frame came. */
export async function firstFrameProbe() {
  const server = await probeServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS_HEADLESS });
  try {
    const rows = [];
    for (const stylesheetDelayMs of STYLESHEET_DELAYS_MS) {
      const url = `http://127.0.0.1:${server.address().port}/page?ms=${stylesheetDelayMs}`;
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on the probe page: ${lhr.runtimeError.message}`);
      const metrics = lhr.audits.metrics.details.items[0];
      rows.push({ stylesheetDelayMs, observedLoadMs: metrics.observedLoad, observedFcpMs: metrics.observedFirstContentfulPaint });
    }
    return rows;
  } finally {
    chrome.kill();
    server.close();
  }
}
