/**
 * Requests the shop answers before Next sees them (self-hosted: the
 * process's own HTTP server, guard-requests.ts), because Next would answer
 * them with a 500, and print an error (or its stack) for each:
 * - a method the shop serves nowhere (TRACE above all: Next's request
 *   object refuses it and throws, on every page and route): 405. The shop
 *   serves GET, HEAD, POST and OPTIONS;
 * - any method but GET and HEAD on a static file (`/_next/static/…` and
 *   the files of public/): Next's file server answers those 500: 405;
 * - `/_next/image` for a local image in one of the shop's image folders
 *   (lib/images/folders.ts) that the shop does not hold exactly as written:
 *   the optimizer fetches the path from the shop itself, and a path Next
 *   redirects (a backslash, "//", a trailing slash) or one of no file made
 *   it answer 500 or log an error per request. 400 for a path not written
 *   as the shop writes image paths, 404 for a well-written one of no file.
 *   Any other image url is left to Next's own rules (next.config.ts).
 * Pure: the folders' files are read once by the caller.
 */
import { IMAGE_FOLDERS } from "@/lib/images/folders";

export interface GuardRefusal {
  status: 400 | 404 | 405;
  message: string;
  /** The methods allowed, for a 405's Allow header. */
  allow?: string;
  /** Which line it counts in (lib/log/warn-throttled.ts). */
  kind: "security.method_refused" | "security.image_refused";
}

/** What the guard knows of public/: its top-level names and every file of the image folders ("/products/lamp.webp"). */
export interface PublicFiles {
  topLevel: ReadonlySet<string>;
  images: ReadonlySet<string>;
}

const SERVED = "GET, HEAD, POST, OPTIONS";
const FILE_METHODS = "GET, HEAD";
/** An image path as the shop writes them: segments of letters, digits, ".", "_" and "-", none empty, none starting with a dot. */
const WRITTEN_AS_THE_SHOP_DOES = /^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

function isStaticFile(pathname: string, files: PublicFiles): boolean {
  return pathname.startsWith("/_next/static/") || files.topLevel.has(pathname.split("/")[1] ?? "");
}

function imageRefusal(search: URLSearchParams, files: PublicFiles): GuardRefusal | null {
  const local = search.get("url");
  if (local === null || !IMAGE_FOLDERS.some((folder) => local.startsWith(`/${folder}/`)) || files.images.has(local)) return null;
  return WRITTEN_AS_THE_SHOP_DOES.test(local)
    ? { status: 404, message: "The shop holds no such image.", kind: "security.image_refused" }
    : { status: 400, message: "An image path is written as the shop writes them: /folder/name.webp.", kind: "security.image_refused" };
}

/** The refusal for a request of `method` to `url` (its path and query, as the request line gives it), or null to let Next answer. */
export function requestRefusal(method: string, url: string, files: PublicFiles): GuardRefusal | null {
  const parsed = new URL(url, "http://shop.invalid");
  if (!SERVED.split(", ").includes(method)) {
    return { status: 405, message: `The shop does not answer ${method} requests.`, allow: SERVED, kind: "security.method_refused" };
  }
  if (method !== "GET" && method !== "HEAD" && isStaticFile(parsed.pathname, files)) {
    return { status: 405, message: "A file is only ever read (GET or HEAD).", allow: FILE_METHODS, kind: "security.method_refused" };
  }
  if (parsed.pathname === "/_next/image") return imageRefusal(parsed.searchParams, files);
  return null;
}
