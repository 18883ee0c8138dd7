// §4 of docs/BENCHMARKS.md, "First-load JavaScript per route": each route
// against the framework floor, the shop built with webpack, and home's
// scripts by origin (bench/first-load-js.mjs, framework-floor.mjs,
// webpack-shop.mjs and js-origins.mjs measure); and what the origins say
// when the shop's own share misses its target. Formatting only.
import { isFrameworkOrigin } from "./lib/source-map-bytes.mjs";
import { kB } from "./report-format.mjs";

export function jsSection(rows, floor, floorWebpack, webpackRows, origins) {
  // Chunks every measured route loads: the framework runtime (React, Next's
  // router) and the layout's own client islands (header, cart, live updates).
  const everywhere = rows
    .map((r) => new Set(r.scripts.map((s) => s.src)))
    .reduce((common, set) => new Set([...common].filter((src) => set.has(src))));
  const sharedGzip = rows[0].scripts.filter((s) => everywhere.has(s.src)).reduce((sum, s) => sum + s.gzip, 0);
  const measuredFloor = floor && !floor.failed;
  const aboveFloor = (r) => (measuredFloor ? kB(r.gzip - floor.gzip) : "—");
  return [
    "Every `<script src>` a current browser loads from the route's server HTML, fetched and gzipped at zlib level 6,",
    "summed (kB = 1,000 bytes). Inline scripts (the RSC payload) travel inside the HTML and are not counted;",
    "`<script nomodule>` polyfills are never fetched by a browser with ES modules and are listed apart.",
    "",
    "| route | scripts | raw kB | gzip kB | of which shared by every route | above the framework floor | nomodule gzip kB (not loaded) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...(measuredFloor
      ? [
          `| *framework floor: ${floor.label}* | ${floor.scripts.length} | ${kB(floor.raw)} | **${kB(floor.gzip)}** | | 0.0 | ${kB(floor.noModuleGzip)} |`,
        ]
      : []),
    ...rows.map(
      (r) =>
        `| ${r.label} \`${r.path}\` | ${r.scripts.length} | ${kB(r.raw)} | **${kB(r.gzip)}** | ${kB(sharedGzip)} | ${aboveFloor(r)} | ${kB(r.noModuleGzip)} |`,
    ),
    "",
    ...(measuredFloor
      ? [
          "The framework floor is measured in the same run (`bench/framework-floor.mjs`): an app with one root layout and",
          "one page holding a heading, no client component, built with this project's own next, react and bundler",
          "(and `cacheComponents`, as the shop), served by `next start` and measured as above. No route of any app on",
          `this stack loads less; what a route loads above it is the shop's own code (client islands, embla, toasts).`,
        ]
      : [`The framework floor was not measured: ${floor?.failed ?? "the step did not run"}.`]),
    "",
    ...(floorWebpack && !floorWebpack.failed && measuredFloor
      ? [
          `The same empty app built with webpack (\`next build --webpack\`) loads ${kB(floorWebpack.gzip)} kB gzip in ${floorWebpack.scripts.length} scripts`,
          `(${kB(floorWebpack.raw)} kB raw), against ${kB(floor.gzip)} kB with Turbopack: ${
            floorWebpack.gzip < floor.gzip
              ? `webpack's floor is ${kB(floor.gzip - floorWebpack.gzip)} kB smaller.`
              : `Turbopack's floor is ${kB(floorWebpack.gzip - floor.gzip)} kB smaller or equal, so the shop stays on it.`
          }`,
        ]
      : [`The webpack floor was not measured: ${floorWebpack?.failed ?? "the step did not run"}.`]),
    "",
    ...(webpackRows && !webpackRows.failed
      ? [
          "The shop itself built with webpack, same run, same catalogue:",
          "",
          "| route | Turbopack gzip kB | webpack gzip kB | scripts (Turbopack / webpack) |",
          "| --- | ---: | ---: | ---: |",
          ...rows.map((r) => {
            const w = webpackRows.find((x) => x.label === r.label);
            return `| ${r.label} \`${r.path}\` | ${kB(r.gzip)} | ${w ? kB(w.gzip) : "—"} | ${r.scripts.length} / ${w ? w.scripts.length : "—"} |`;
          }),
          "",
          webpackRows.every((w) => w.gzip >= (rows.find((r) => r.label === w.label)?.gzip ?? Infinity))
            ? "Every page of the shop loads more with webpack, whatever the empty app's floor says: the shop stays on Turbopack."
            : "Some pages of the shop load less with webpack: see the rows above before choosing.",
        ]
      : [`The shop was not built with webpack in this run: ${webpackRows?.failed ?? "the step did not run"}.`]),
    "",
    ...originsSection(origins),
  ];
}

/** Home's first-load JS by origin (bench/js-origins.mjs), the profile behind the shop's own share. */
function originsSection(origins) {
  if (!origins || origins.failed)
    return [`Home's scripts were not profiled by origin in this run: ${origins?.failed ?? "the step did not run"}.`];
  const home = origins.find((r) => r.label === "home");
  if (!home) return ["Home's scripts were not profiled by origin in this run."];
  const shown = home.origins.filter((o) => o.gzip >= 100);
  const rest = home.origins.filter((o) => o.gzip < 100);
  const split = originSplit(home);
  return [
    "Where home's scripts come from (`bench/js-origins.mjs`): the shop built again in the same run with browser source maps",
    "(a copy only this step serves), every generated character of every script home loads attributed to the source",
    "that produced it, sources grouped by npm package or project folder. A script's gzip bytes are shared among its",
    "origins by characters, so each origin's gzip figure is an estimate; together they make the page's",
    `${kB(home.gzip)} kB. *framework* marks what any App Router app loads (Next, the React it bundles, Turbopack's runtime, the bundler's own code).`,
    "",
    "| origin | | gzip kB (est.) | raw kB |",
    "| --- | --- | ---: | ---: |",
    ...shown.map((o) => `| ${o.origin} | ${isFrameworkOrigin(o.origin) ? "framework" : "shop"} | ${kB(o.gzip)} | ${kB(o.raw)} |`),
    ...(rest.length > 0
      ? [
          `| ${rest.length} smaller origins | | ${kB(rest.reduce((sum, o) => sum + o.gzip, 0))} | ${kB(rest.reduce((sum, o) => sum + o.raw, 0))} |`,
        ]
      : []),
    "",
    `Framework origins: ${kB(split.framework)} kB; the shop's own origins (its code and the packages it chose): ${kB(split.shop)} kB.`,
  ];
}

/** gzip bytes of home's scripts from framework origins and from the shop's own. */
function originSplit(home) {
  const framework = home.origins.filter((o) => isFrameworkOrigin(o.origin)).reduce((sum, o) => sum + o.gzip, 0);
  return { framework, shop: home.gzip - framework };
}

/** The missed JS share, explained from the origin profile (§4) when the run has one. */
export function originsWhy(origins, floor) {
  const home = origins && !origins.failed ? origins.find((r) => r.label === "home") : null;
  if (!home) return ["  Not profiled by origin in this run (§4 says why)."];
  const split = originSplit(home);
  const top = home.origins.filter((o) => !isFrameworkOrigin(o.origin)).slice(0, 6);
  return [
    `  By source map (§4), home's scripts hold ${kB(split.framework)} kB of framework code, ${kB(split.framework - floor.gzip)} kB more than the empty app's`,
    `  floor (Next's code for what the shop uses and the empty app does not, such as next/image and next/link), and ${kB(split.shop)} kB of the shop's own:`,
    `  ${top.map((o) => `${o.origin} ${kB(o.gzip)}`).join(", ")} kB (estimates; gzip is shared among a script's origins by characters).`,
  ];
}
