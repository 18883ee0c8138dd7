/**
 * An operator's photo made into the shop's own: the type read from the
 * file's first bytes (never its name or the browser's word), then decoded
 * and re-encoded with sharp into square WebP pictures, one per width the
 * pages' srcset uses (lib/images/photo-paths.ts). Re-encoding is the rule
 * that keeps what the shop serves safe and small: nothing of the upload but
 * its pixels survives (sharp writes no metadata unless asked: a camera's GPS
 * position, its serial, its thumbnail are gone), the camera's orientation is
 * applied to the pixels, and the picture is cut to the square every page
 * shows (the middle, as the pages' `object-fit: cover` would).
 */
import "server-only";
import sharp from "sharp";
import { PHOTO_MAX_WIDTH, PHOTO_MIN_SIDE, photoWidths } from "@/lib/images/photo-paths";
import { PHOTO_ERRORS, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, type PhotoType } from "@/lib/images/photo-rules";

/** What sharp calls each type once decoded (AVIF is a HEIF container). */
const SHARP_FORMAT: Record<PhotoType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp", "image/avif": "heif" };

/** A photo refused, with the sentence that says why. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoError";
  }
}

const startsWith = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** The type the file's first bytes say, or null when they name none of PHOTO_TYPES. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (startsWith(bytes, 0, "\x89PNG\r\n\x1a\n")) return "image/png";
  if (startsWith(bytes, 0, "RIFF") && startsWith(bytes, 8, "WEBP")) return "image/webp";
  // An ISO media file whose `ftyp` box names AVIF among its brands (major or compatible).
  if (startsWith(bytes, 4, "ftyp")) {
    const boxEnd = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at !== 12 && (startsWith(bytes, at, "avif") || startsWith(bytes, at, "avis"))) return "image/avif";
    }
  }
  return null;
}

export interface EncodedPhoto {
  /** The largest width made; the photo is square. */
  largest: number;
  /** One WebP picture per width, smallest first. */
  pictures: Array<{ width: number; bytes: Buffer }>;
}

/** Decodes `bytes` and makes the photo's pictures; a PhotoError says why a file is refused. */
export async function encodePhoto(bytes: Uint8Array): Promise<EncodedPhoto> {
  if (bytes.length === 0) throw new PhotoError(PHOTO_ERRORS.empty);
  if (bytes.length > PHOTO_MAX_BYTES) throw new PhotoError(PHOTO_ERRORS.tooLarge);
  const type = sniffPhotoType(bytes);
  if (type === null) throw new PhotoError(PHOTO_ERRORS.notAnImage);
  // The header alone, read without sharp's pixel limit so that a refusal can say the size; nothing is decoded yet.
  const { width, height, format } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PhotoError(PHOTO_ERRORS.damaged);
    });
  if (format !== SHARP_FORMAT[type] || !width || !height) throw new PhotoError(PHOTO_ERRORS.damaged);
  const size = `${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")} pixels`;
  if (width * height > PHOTO_MAX_PIXELS) {
    throw new PhotoError(`The photo is ${size}: at most ${PHOTO_MAX_PIXELS / 1_000_000} million pixels are taken.`);
  }
  const shorter = Math.min(width, height);
  if (shorter < PHOTO_MIN_SIDE) {
    throw new PhotoError(`The photo is ${size}: it must be at least ${PHOTO_MIN_SIDE} × ${PHOTO_MIN_SIDE}.`);
  }
  const largest = Math.min(shorter, PHOTO_MAX_WIDTH);
  // Decoded within the limit; failOn "warning": a truncated or corrupt file is refused, never shown half grey.
  // Oriented as the camera meant, then every width from the one decode.
  const upright = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "warning" }).rotate();
  try {
    const pictures = await Promise.all(
      photoWidths(largest).map(async (side) => ({
        width: side,
        bytes: await upright.clone().resize(side, side, { fit: "cover", position: "centre" }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { largest, pictures };
  } catch {
    throw new PhotoError(PHOTO_ERRORS.damaged);
  }
}
