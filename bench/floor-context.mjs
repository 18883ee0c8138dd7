// Section 10's context rounds (floor-throughput.mjs calls them): what entering
// an AsyncLocalStorage costs the framework floor on this Node, beside home.
import { buildEmptyApp, RENDERED_ON_REQUEST_PATH, serveEmptyApp } from "./framework-floor.mjs";
import { measure } from "./lib/wrk.mjs";

const REQUEST_CONTEXT_PRELOAD = new URL("./lib/request-context-preload.mjs", import.meta.url).href;
const CONTEXT_ROUNDS = 4;

/**
 * What a request context costs the floor on this Node, in CONTEXT_ROUNDS
 * rounds beside home: the same floor page served by three processes of one
 * build, each round in turn: `fresh`, a process that has only ever served
 * the prerendered page (the floor above); `rendered`, one that has rendered
 * a page on request once (Next's render enters its AsyncLocalStorage, as any
 * app's first uncached page, action or route handler does); `tracked`, one
 * that enters an AsyncLocalStorage for every request as the shop does
 * (bench/lib/request-context-preload.mjs). `ports`: { floor, rendered, tracked }.
 */
export async function contextRounds(padding, ports, homeURL, settings, log) {
  await buildEmptyApp({ padding, dynamicPage: true });
  const servers = [];
  try {
    const fresh = await serveEmptyApp(ports.floor);
    servers.push(fresh);
    const rendered = await serveEmptyApp(ports.rendered);
    servers.push(rendered);
    const tracked = await serveEmptyApp(ports.tracked, {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import "${REQUEST_CONTEXT_PRELOAD}"`.trim(),
    });
    servers.push(tracked);
    const render = await fetch(`${rendered.baseURL}${RENDERED_ON_REQUEST_PATH}`);
    if (render.status !== 200) throw new Error(`the page rendered on request answered ${render.status}`);
    const trackedPage = await fetch(`${tracked.baseURL}/`);
    if (!trackedPage.headers.get("x-request-id")) throw new Error("the tracked floor did not enter its request context");
    const measured = [
      ["fresh", `${fresh.baseURL}/`],
      ["rendered", `${rendered.baseURL}/`],
      ["tracked", `${tracked.baseURL}/`],
      ["home", homeURL],
    ];
    // Each process gets a full window of load first (its JIT warm), and each round starts one server later, so no
    // server is always measured first.
    for (const [, url] of measured) await measure(url, settings);
    const rounds = [];
    for (let round = 1; round <= CONTEXT_ROUNDS; round++) {
      const run = {};
      for (let i = 0; i < measured.length; i++) {
        const [name, url] = measured[(i + round - 1) % measured.length];
        run[name] = await measure(url, settings);
      }
      rounds.push(run);
      log(
        `  context round ${round}: floor ${run.fresh.rps.toFixed(0)}, after one render ${run.rendered.rps.toFixed(0)}, with a request context ${run.tracked.rps.toFixed(0)}, home ${run.home.rps.toFixed(0)} req/s`,
      );
    }
    return { rounds };
  } finally {
    for (const server of servers) await server.stop();
  }
}
