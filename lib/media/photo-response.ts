/**
 * The answer to a request for one width of an uploaded photo
 * (/media/photos/<id>/<width>.webp, lib/images/photo-paths.ts), read from
 * the media store. A photo never changes once stored (a new upload is a new
 * id), so it is cached for a year by browsers and by a CDN in front
 * (Vercel's caches on s-maxage): the store is read once per width per cache.
 * The shop's own route rather than a public bucket URL: the same address on
 * every adapter (a folder on disk has no URL of its own), the bucket stays
 * private, and the page's Content-Security-Policy needs no other host.
 */
import "server-only";
import { log } from "@/lib/log";
import { photoKey, photoPath, uploadedPhoto } from "@/lib/images/photo-paths";
import { getMediaStore } from "./index";
import { isMediaUnavailable } from "./contract";

const FOREVER = "public, max-age=31536000, s-maxage=31536000, immutable";

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

export async function photoResponse(id: string, file: string): Promise<Response> {
  // Any width a photo can have is the largest of some photo: the one rule of photo-paths.ts says which addresses are photos.
  const width = Number(/^(\d+)\.webp$/.exec(file)?.[1]);
  const photo = Number.isSafeInteger(width) ? uploadedPhoto(photoPath(id, width)) : null;
  if (!photo) return plain(404, "No such photo.", { "Cache-Control": "public, max-age=3600" });
  let object;
  try {
    object = await (await getMediaStore()).get(photoKey(photo.id, photo.largest));
  } catch (error) {
    if (!isMediaUnavailable(error)) throw error;
    log.error("media.photo_read_failed", "Could not read a photo from the media store", error);
    return plain(503, "The photo cannot be read right now. Please try again.", { "Cache-Control": "no-store", "Retry-After": "5" });
  }
  // Not cached long: a product names a photo only once it is stored, so a miss is a mistyped address.
  if (!object) return plain(404, "No such photo.", { "Cache-Control": "public, max-age=60" });
  return new Response(new Uint8Array(object.bytes), {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.byteLength),
      "Cache-Control": FOREVER,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
