// Reads a `vercel build` output folder (.vercel/output, the Build Output API
// v3) and says what Vercel would deploy. Next groups routes into a few
// function bundles and points the other routes' .func folders at them
// (symlinks), so the report has two parts: the distinct bundles (size,
// runtime, time limit, which routes share each) and each page route's kind.
// Pure reading; build-check.mjs decides pass or fail.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Vercel's limit on one function's uncompressed size. */
export const FUNCTION_SIZE_LIMIT_BYTES = 250 * 1024 * 1024;

const posix = (path) => path.split(sep).join("/");

/** Every path under dir (following symlinked folders), with its stat. */
function walk(dir, onEntry) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    onEntry(path, name, stat);
    if (stat.isDirectory() && !name.endsWith(".func")) walk(path, onEntry);
  }
}

/** Every file a bundle ships: those in its .func folder and those its filePathMap points at (project-relative). */
function bundleFiles(funcDir, config, projectDir) {
  const files = new Map();
  const inFolder = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) inFolder(path);
      else if (name !== ".vc-config.json") files.set(posix(relative(funcDir, path)), path);
    }
  };
  inFolder(funcDir);
  for (const [inside, source] of Object.entries(config.filePathMap ?? {})) files.set(inside, join(projectDir, source));
  return files;
}

function totalBytes(paths) {
  let bytes = 0;
  for (const path of new Set(paths)) {
    try {
      bytes += statSync(path).size;
    } catch {
      // A dangling entry ships nothing.
    }
  }
  return bytes;
}

/** "/details-page/[id].rsc" and "/x.prefetch.rsc" are the RSC views of a route; this is the route itself. */
const isRouteItself = (route) => !/\.(prefetch\.)?rsc$/.test(route) && !route.includes(".segments/") && !route.endsWith(".segments");

/**
 * Returns {
 *   bundles: [{ id, kind, runtime, maxDuration, memory, bytes, files, routes }],
 *   routes:  [{ route, kind: "prerendered (ISR)" | "function", bundle }],
 *   staticFiles,
 * }
 */
export function inspectVercelOutput(outputDir, projectDir) {
  const functionsDir = join(outputDir, "functions");
  const bundles = new Map();
  const prerendered = new Set();
  const routes = [];
  if (existsSync(functionsDir)) {
    walk(functionsDir, (path, name) => {
      if (name.endsWith(".prerender-config.json"))
        prerendered.add(`/${posix(relative(functionsDir, path)).replace(/\.prerender-config\.json$/, "")}`);
    });
    walk(functionsDir, (path, name, stat) => {
      if (!stat.isDirectory() || !name.endsWith(".func")) return;
      const route = `/${posix(relative(functionsDir, path)).replace(/\.func$/, "")}`;
      const real = realpathSync(path);
      if (!bundles.has(real)) {
        const config = JSON.parse(readFileSync(join(real, ".vc-config.json"), "utf8"));
        const files = bundleFiles(real, config, projectDir);
        bundles.set(real, {
          id: `/${posix(relative(realpathSync(functionsDir), real)).replace(/\.func$/, "")}`,
          kind: config.operationType ?? (route === "/_middleware" ? "proxy" : "function"),
          runtime: config.runtime ?? "(none)",
          maxDuration: config.maxDuration,
          memory: config.memory,
          bytes: totalBytes(files.values()),
          files: [...files.keys()],
          routes: [],
        });
      }
      const bundle = bundles.get(real);
      bundle.routes.push(route);
      if (isRouteItself(route)) routes.push({ route, kind: prerendered.has(route) ? "prerendered (ISR)" : "function", bundle: bundle.id });
    });
  }
  let staticFiles = 0;
  const staticDir = join(outputDir, "static");
  if (existsSync(staticDir)) walk(staticDir, (_path, _name, stat) => stat.isFile() && (staticFiles += 1));
  routes.sort((a, b) => a.route.localeCompare(b.route));
  return { bundles: [...bundles.values()].sort((a, b) => a.id.localeCompare(b.id)), routes, staticFiles };
}
