/**
 * Self-hosted only (instrumentation-node.ts): the rules of request-guard.ts
 * applied in front of Next, on the process's own HTTP server. Node announces
 * each request on the `http.server.request.start` diagnostics channel, with
 * its server, just before the server's request listeners run; the first
 * time a server is seen, its listeners (Next's) are put behind one that
 * answers a refused request itself and hands every other to them as before.
 * Each refusal counts in one short warning a minute per kind
 * (lib/log/warn-throttled.ts), never a line per request.
 */
import "server-only";
import diagnostics from "node:diagnostics_channel";
import { readdirSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join } from "node:path";
import { IMAGE_FOLDERS } from "@/lib/images/folders";
import { warnThrottled } from "@/lib/log/warn-throttled";
import { requestRefusal, type GuardRefusal, type PublicFiles } from "./request-guard";

const GUARDED = Symbol.for("storefront.guardedServer");
const STARTED = Symbol.for("storefront.guardingRequests");
type Listener = (request: IncomingMessage, response: ServerResponse) => void;
type GuardedServer = Server & { [GUARDED]?: true };
type GlobalWithFlag = typeof globalThis & { [STARTED]?: true };

/** Every file under `dir`, as paths from public/ ("/products/lamp.webp"). */
function filesUnder(dir: string, path: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${path}/${entry.name}`) : [`${path}/${entry.name}`],
  );
}

/** public/ as the guard needs it: read once, as the server starts (its files do not change while it runs). */
export function readPublicFiles(publicDir: string): PublicFiles {
  let topLevel: string[] = [];
  try {
    topLevel = readdirSync(publicDir);
  } catch {
    // No public folder: no static files to guard.
  }
  return {
    topLevel: new Set(topLevel),
    images: new Set(IMAGE_FOLDERS.flatMap((folder) => filesUnder(join(publicDir, folder), `/${folder}`))),
  };
}

function answer(response: ServerResponse, refusal: GuardRefusal): void {
  response.writeHead(refusal.status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...(refusal.allow && { Allow: refusal.allow }),
  });
  response.end(refusal.message);
}

/** Puts `server`'s request listeners behind the guard; once per server. */
function guard(server: GuardedServer, files: PublicFiles): void {
  if (server[GUARDED]) return;
  server[GUARDED] = true;
  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const refusal = requestRefusal(request.method ?? "", request.url ?? "/", files);
    if (!refusal) {
      for (const listener of listeners) listener.call(server, request, response);
      return;
    }
    warnThrottled(refusal.kind, "Requests Next would have answered with an error were refused", {
      method: request.method ?? "",
      status: refusal.status,
    });
    answer(response, refusal);
  });
}

/** Starts guarding every HTTP server of this process (from its next request on); once per process. */
export function guardRequests(publicDir: string = join(process.cwd(), "public")): void {
  const g = globalThis as GlobalWithFlag;
  if (g[STARTED]) return;
  g[STARTED] = true;
  const files = readPublicFiles(publicDir);
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { server } = message as { server?: GuardedServer };
    if (server) guard(server, files);
  });
}
