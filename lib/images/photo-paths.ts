/**
 * Where an uploaded photo lives: each photo is a square WebP made once at
 * upload in every width of PHOTO_WIDTHS up to its own size
 * (lib/media/photo-encode.ts), stored in the media store under
 * photos/<id>/<width>.webp and served at /media/photos/<id>/<width>.webp
 * (app/media/photos/[id]/[file]/route.ts). A product names its photo by the
 * largest width's path, from which the other widths follow: nothing else
 * about the photo needs storing. Safe on the client and the server.
 */

/** The widths made of each photo: what the pages' srcset offers (the cards' 400w, the details' 800w). */
const PHOTO_WIDTHS = [400, 800] as const;

/** The smallest photo taken: its shorter side, in pixels (the cards' width). */
export const PHOTO_MIN_SIDE = PHOTO_WIDTHS[0];

/** The largest width made of any photo. */
export const PHOTO_MAX_WIDTH = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];

/** The address every uploaded photo is served under. */
const PHOTO_URL_PREFIX = "/media/photos/";

const PHOTO_PATH = /^\/media\/photos\/([a-z0-9]{20})\/([1-9][0-9]{2,3})\.webp$/;

/** The media store's key of one width of a photo. */
export const photoKey = (id: string, width: number) => `photos/${id}/${width}.webp`;

/** The address of one width of a photo. */
export const photoPath = (id: string, width: number) => `${PHOTO_URL_PREFIX}${id}/${width}.webp`;

/** The widths made of a photo whose largest is `largest`: those of PHOTO_WIDTHS below it, and it. */
export function photoWidths(largest: number): number[] {
  return [...PHOTO_WIDTHS.filter((width) => width < largest), largest];
}

export interface UploadedPhoto {
  id: string;
  /** The largest width made, which the product names; the photo is square. */
  largest: number;
  /** Every width made, smallest first. */
  widths: number[];
}

/**
 * The photo a path names, taking the width in it as the largest made (as a
 * product's image path does), or null for any other image (an https
 * address, a file under public/) and for a width no photo has.
 */
export function uploadedPhoto(src: string): UploadedPhoto | null {
  const match = PHOTO_PATH.exec(src);
  if (!match) return null;
  const largest = Number(match[2]);
  // Only widths the upload makes: a photo at least PHOTO_MIN_SIDE, at most the largest of PHOTO_WIDTHS.
  if (largest < PHOTO_MIN_SIDE || largest > PHOTO_MAX_WIDTH) return null;
  return { id: match[1], largest, widths: photoWidths(largest) };
}
