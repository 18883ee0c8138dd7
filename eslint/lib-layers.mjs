// The layers of lib/, enforced.
//
// LAYERS lists lib/ from the bottom up. A module may import its own layer
// and any layer listed before it, never one listed after it, so there is no
// upward import and no loop between layers; import/no-cycle catches loops
// inside one. lib/ never imports app/ or components/: routes and components
// sit on top of lib, not in it. A new lib folder or root module must be added
// here, in its place (lib-layers/in-a-layer fails until it is).
//
// The rules are eslint-plugin-import's (through eslint-config-next), which
// resolve each import to a file first, so "@/lib/x", "../x" and "./x" are
// judged alike (the resolver reads the "@/*" paths of tsconfig.json).
import { createRequire } from "node:module";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Bottom first. Each entry is the paths (files, or folders and all they hold) of one layer. */
const LAYERS = [
  // The one logger: every layer logs, so it sits below them all and imports nothing from lib.
  { name: "log", paths: ["lib/log"] },
  // What the server process changes in Node as it starts (a run Immediate unlinked): imports nothing.
  { name: "memory", paths: ["lib/memory"] },
  // What a response's Cache-Control says to browsers and to CDNs, split on the process's own server: imports nothing from lib.
  { name: "http", paths: ["lib/http"] },
  // Whether the process has been asked to stop: reads only Node's process.
  { name: "process stop", paths: ["lib/process-stop.ts"] },
  // The shop's own trace spans and their registration (OpenTelemetry, @vercel/otel): the log's request id only.
  { name: "tracing", paths: ["lib/tracing"] },
  // One of a thing per server process, on globalThis (the stores' doors): imports nothing.
  { name: "process singleton", paths: ["lib/process-singleton.ts"] },
  // Money as a person reads it: pure, for every page, email and the browser's cart.
  { name: "money", paths: ["lib/money.ts"] },
  { name: "env", paths: ["lib/env.ts", "lib/env-variables.ts", "lib/env-production.ts", "lib/public-env.ts"] },
  // CSV files both ways (csv-parse, csv-stringify), each cell guarded against formulas: pure, imports nothing from lib.
  { name: "csv", paths: ["lib/csv"] },
  // Which image widths the build made (config only, no imports from lib).
  { name: "images", paths: ["lib/images"] },
  { name: "security", paths: ["lib/security"] },
  { name: "firebase", paths: ["lib/firebase"] },
  // Storage, in three parts: the contract (each shape once, as its schema, and the Store's
  // interfaces by concern), the rules both adapters keep, then the door and the adapters.
  { name: "data contract", paths: ["lib/data/contract"] },
  { name: "data rules", paths: ["lib/data/rules"] },
  { name: "data", paths: ["lib/data"] },
  // The media store beside it (photos' bytes: a folder, or a Cloud Storage bucket): env and firebase only.
  { name: "media", paths: ["lib/media"] },
  // A cart line, its mapping from a stored line, and the whole-cart snapshot the live
  // protocol carries: pure, importing only the store's types.
  // The notice of guest lines a merge left out (its cookie's name, its words): pure, read by auth and the browser.
  { name: "cart shapes", paths: ["lib/cart/cart-entry.ts", "lib/cart/cart-snapshot.ts", "lib/cart/left-out-notice.ts"] },
  // The live protocol's names and snapshot types: pure, used by every producer and consumer.
  { name: "live protocol", paths: ["lib/live/protocol.ts"] },
  { name: "cookies", paths: ["lib/cookies.ts"] },
  { name: "catalog", paths: ["lib/catalog"] },
  // The header's menu and the footer's links, which the React pages and the no-script pages share,
  // and the paths of a product's pages: constants and pure builders, on the catalogue's categories.
  { name: "site links", paths: ["lib/site-links.ts"] },
  { name: "seo", paths: ["lib/seo.ts", "lib/sitemap.ts"] },
  { name: "auth", paths: ["lib/auth"] },
  { name: "cart", paths: ["lib/cart"] },
  { name: "live", paths: ["lib/live"] },
  // Sending the outbox's emails over SMTP (nodemailer): the store and env only.
  { name: "email", paths: ["lib/email"] },
  // A shopper's account beyond signing in: a forgotten password (its request, its email).
  { name: "account", paths: ["lib/account"] },
  // Card payments through Stripe: the client, a session from an order's bill, its events in the table's steps.
  { name: "payments", paths: ["lib/payments"] },
  // Checkout, orders and their emails' texts: a shopper's side of orders.
  { name: "orders", paths: ["lib/orders"] },
  // A signed-in shopper's address book: its form (the checkout's fields), its changes and their words.
  { name: "addresses", paths: ["lib/addresses"] },
  { name: "admin", paths: ["lib/admin"] },
  // Whole pages answered without React, for browsers without JavaScript (the cart, the sign-in notice).
  { name: "no-script pages", paths: ["lib/no-script"] },
  // Ops commands' checks (npm run doctor): they may look at everything below.
  { name: "ops", paths: ["lib/ops"] },
];

const within = (inner, outer) => inner === outer || inner.startsWith(`${outer}/`);

/**
 * The no-restricted-paths zones of the layer at `index`: one per path of
 * every layer above it. A lower layer nested in a higher one's folder
 * (lib/cart/cart-entry.ts in lib/cart, lib/live/protocol.ts in lib/live)
 * stays importable.
 */
function upwardZones(layer, index) {
  const lowerPaths = LAYERS.slice(0, index + 1).flatMap((lower) => lower.paths);
  return LAYERS.slice(index + 1).flatMap((higher) =>
    higher.paths.map((from) => {
      const nested = lowerPaths.filter((path) => path !== from && within(path, from)).map((path) => `./${path.slice(from.length + 1)}`);
      return {
        target: layer.paths.map((path) => `./${path}`),
        from: `./${from}`,
        ...(nested.length > 0 ? { except: nested } : {}),
        message: `lib layers: ${layer.name} may not import ${higher.name}, which sits above it (eslint/lib-layers.mjs).`,
      };
    }),
  );
}

// eslint-config-next names TypeScript's parser for eslint-plugin-import by
// package name, but npm nests that package under typescript-eslint, where the
// plugin cannot find it: every imported .ts file then fails to parse and
// import/no-cycle silently sees no imports at all. The resolved path works
// wherever npm puts it.
const requireFromNext = createRequire(createRequire(import.meta.url).resolve("eslint-config-next"));
const typescriptParser = createRequire(requireFromNext.resolve("typescript-eslint")).resolve("@typescript-eslint/parser");
const root = fileURLToPath(new URL("..", import.meta.url));

/** Fails a lib/ module that no layer holds, so the order above stays complete. */
const inALayer = {
  meta: {
    type: "problem",
    schema: [],
    messages: { outside: "{{path}} is in no lib layer: add it to LAYERS in eslint/lib-layers.mjs, in its place." },
  },
  create(context) {
    const path = relative(root, context.filename).split(sep).join("/");
    if (!path.startsWith("lib/") || LAYERS.some((layer) => layer.paths.some((outer) => within(path, outer)))) return {};
    return { Program: (node) => context.report({ node, messageId: "outside", data: { path } }) };
  },
};

const libLayers = [
  {
    name: "lib-layers/parser",
    settings: {
      // Whether settings objects merge or replace, the bare name ends up mapped to nothing.
      "import/parsers": { "@typescript-eslint/parser": [], [typescriptParser]: [".ts", ".mts", ".cts", ".tsx", ".d.ts"] },
    },
  },
  {
    name: "lib-layers",
    files: ["lib/**/*.{ts,tsx,mts,js,mjs}"],
    plugins: { "lib-layers": { rules: { "in-a-layer": inALayer } } },
    rules: {
      "lib-layers/in-a-layer": "error",
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./lib",
              from: ["./app", "./components"],
              message:
                "lib/ may not import app/ or components/: routes and components use lib, never the other way (eslint/lib-layers.mjs).",
            },
            ...LAYERS.flatMap(upwardZones),
          ],
        },
      ],
    },
  },
];

export default libLayers;
