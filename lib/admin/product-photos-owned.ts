/**
 * An uploaded photo belongs to the one product it was uploaded with: the
 * forms take a photo's address only for the product that already shows it
 * (`foreignPhoto`), so when that product stops showing it (an edit removed
 * it) or is deleted, nothing else shows it either and its widths are
 * removed from the media store (`removeDroppedPhotos`). A removal that
 * fails is logged and left behind: the save stands, and no page shows the
 * photo.
 */
import "server-only";
import { log } from "@/lib/log";
import type { ProductImage } from "@/lib/data/contract/catalog";
import { photoKey, uploadedPhoto } from "@/lib/images/photo-paths";
import type { MediaOpener } from "./product-photo";

/** Why the form refused a photo's address that another product's upload made. */
export const FOREIGN_PHOTO = "That photo was uploaded for another product: upload the file again here, so each product keeps its own.";

/**
 * The first address in `typed` that names an uploaded photo which is neither
 * among the product's `stored` images nor the photo this save uploads
 * (`fresh`), or null when there is none.
 */
export function foreignPhoto(stored: readonly ProductImage[], typed: readonly ProductImage[], fresh: string | null): string | null {
  const own = new Set([...stored.map((image) => image.src), ...(fresh ? [fresh] : [])]);
  return typed.find((image) => uploadedPhoto(image.src) !== null && !own.has(image.src))?.src ?? null;
}

/** Removes every width of each uploaded photo in `before` that `after` no longer names. Never throws. */
export async function removeDroppedPhotos(
  openMedia: MediaOpener,
  before: readonly ProductImage[],
  after: readonly ProductImage[],
): Promise<void> {
  const kept = new Set(after.map((image) => image.src));
  const keys = before
    .filter((image) => !kept.has(image.src))
    .flatMap((image) => {
      const photo = uploadedPhoto(image.src);
      return photo ? photo.widths.map((width) => photoKey(photo.id, width)) : [];
    });
  if (keys.length === 0) return;
  try {
    const media = await openMedia();
    const removed = await Promise.allSettled(keys.map((key) => media.delete(key)));
    const failed = removed.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    log.error("admin.photo_cleanup_failed", "Could not remove photos no product shows any more", error, { keys: keys.join(" ") });
  }
}
