/**
 * Which server action ids this build has: the keys of the build's server
 * reference manifest (`<build folder>/server/server-reference-manifest.json`,
 * the folder next.config.ts names: NEXT_DIST_DIR, else ".next"), read once
 * per process. proxy.ts answers a call naming any other id itself (404, as
 * Next would) so that Next does not log a warning and its stack for each.
 * Where the manifest cannot be read (Vercel runs the proxy apart from the
 * build's files), every id is left to Next, and the process says so once.
 */
import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { log } from "@/lib/log";

let known: ReadonlySet<string> | null | undefined;

function readKnown(): ReadonlySet<string> | null {
  const file = join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "server", "server-reference-manifest.json");
  try {
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { node?: Record<string, unknown> };
    return new Set(Object.keys(manifest.node ?? {}));
  } catch (error) {
    log.info("security.action_ids_unread", "This build's server action ids could not be read here: Next answers unknown ones itself", {
      code: (error as { code?: unknown } | null)?.code === undefined ? "" : String((error as { code: unknown }).code),
    });
    return null;
  }
}

/** Whether this build has a server action (or 'use cache' function) of this id; undefined when it cannot tell. */
export function isKnownAction(id: string): boolean | undefined {
  if (known === undefined) known = readKnown();
  return known === null ? undefined : known.has(id);
}
