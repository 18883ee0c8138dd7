// The shop's own pages built with webpack (`next build --webpack`) instead of
// Turbopack, first-load JS measured as for the Turbopack build: the empty
// app's floor alone (bench/framework-floor.mjs) does not say which bundler
// makes the shop lighter. Built from the running bench shop's SQLite file
// (the demo catalogue), into its own folder, served on its own port; only
// the bytes of its scripts are measured, so it may share the machine.
import { firstLoadJs } from "./first-load-js.mjs";
import { withShopCopy } from "./lib/shop-copy.mjs";

export function webpackShopJs({ port, authPort, dataDir, pages }) {
  return withShopCopy(
    { port, authPort, dataDir, distDir: ".next-bench-webpack", buildArgs: ["--webpack"], what: "next build --webpack" },
    (url) => firstLoadJs(url, pages),
  );
}
