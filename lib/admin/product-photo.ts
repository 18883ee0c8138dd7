/**
 * The photo the add and edit forms carry (field `productPhoto`), beside the
 * image URL: chosen, it is the product's picture, its image field set to the
 * photo's path (lib/images/photo-paths.ts). It travels inside the form's own
 * post, within the admin's action limit (lib/security/action-limits.ts),
 * so there is no upload step of its own and a photo is stored only with the
 * product that names it: encoded first (a bad file is a field error,
 * nothing stored), stored once every other field is valid, and removed
 * again if the product's save then fails.
 */
import "server-only";
import { randomInt } from "node:crypto";
import { log } from "@/lib/log";
import { photoKey, photoPath } from "@/lib/images/photo-paths";
import { isMediaUnavailable, type MediaStore as Media } from "@/lib/media/contract";
import { PHOTO_ERRORS } from "@/lib/images/photo-rules";
import { PhotoError, encodePhoto, type EncodedPhoto } from "@/lib/media/photo-encode";
import { PHOTO_FIELD } from "./product-form";

/** Why a photo chosen with fields that need attention was not kept: a file input cannot be filled in again. */
export const PHOTO_NOT_KEPT = "Choose the photo again once the other fields are fixed: it was not kept.";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A new photo's id, of the shape photo-paths.ts reads: 20 random letters and digits, about 103 bits. */
function newPhotoId(): string {
  return Array.from({ length: 20 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("");
}

/** A photo encoded and named, not yet stored. */
export interface PendingPhoto {
  /** What the product's image field will hold. */
  path: string;
  /** Stores every width; on a failure removes what it stored, then throws. */
  save(media: Media): Promise<void>;
  /** Removes every width: the product's save failed after the photo was stored. */
  discard(media: Media): Promise<void>;
}

export type ChosenPhoto = { ok: true; photo: PendingPhoto | null } | { ok: false; error: string };

async function removeAll(media: Media, keys: readonly string[]): Promise<void> {
  const removed = await Promise.allSettled(keys.map((key) => media.delete(key)));
  const failed = removed.filter((r) => r.status === "rejected");
  // Left behind: the photo names no product, so nothing shows it; ops can remove it by its key.
  if (failed.length > 0)
    log.error("admin.photo_discard_failed", "Could not remove a photo no product names", failed[0].reason, { keys: keys.join(" ") });
}

function pending(encoded: EncodedPhoto): PendingPhoto {
  const id = newPhotoId();
  const keys = encoded.pictures.map((picture) => photoKey(id, picture.width));
  return {
    path: photoPath(id, encoded.largest),
    async save(media) {
      const stored: string[] = [];
      try {
        for (const [i, picture] of encoded.pictures.entries()) {
          await media.put(keys[i], picture.bytes);
          stored.push(keys[i]);
        }
      } catch (error) {
        await removeAll(media, stored);
        throw error;
      }
    },
    discard: (media) => removeAll(media, keys),
  };
}

/**
 * The photo the form carries, encoded; a refused file says why. A file input
 * left empty is sent as a part with no bytes (and no file name, which
 * Next's decoding does not keep): no photo, and so is empty text.
 */
export async function choosePhoto(form: FormData): Promise<ChosenPhoto> {
  const file = form.get(PHOTO_FIELD);
  if (file === null || file === "" || (file instanceof File && file.size === 0)) return { ok: true, photo: null };
  if (!(file instanceof File)) return { ok: false, error: PHOTO_ERRORS.notAnImage };
  try {
    return { ok: true, photo: pending(await encodePhoto(new Uint8Array(await file.arrayBuffer()))) };
  } catch (error) {
    if (error instanceof PhotoError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Opens the media store only once a photo is due to be stored. */
export type MediaOpener = () => Promise<Media>;

export const PHOTO_NOT_STORED = "The photo could not be stored, so nothing was saved. Please try again.";

/** Whether a save failed because its photo could not be stored (the media store is down). */
export const isPhotoNotStored = isMediaUnavailable;

/**
 * Runs the product's `write` with its photo stored first (none: just the
 * write); a write that throws removes the photo again, so a failed save
 * leaves no picture behind.
 */
export async function withPhotoStored<T>(photo: PendingPhoto | null, openMedia: MediaOpener, write: () => Promise<T>): Promise<T> {
  if (!photo) return write();
  const media = await openMedia();
  await photo.save(media);
  try {
    return await write();
  } catch (error) {
    await photo.discard(media);
    throw error;
  }
}
