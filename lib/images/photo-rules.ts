/**
 * What an uploaded photo may be, said once for the server that enforces it
 * (lib/media/photo-encode.ts) and the form that warns before sending
 * (components/admin/photo-field.tsx). Safe on the client and the server.
 */
import { PHOTO_MIN_SIDE } from "./photo-paths";

/** The largest file taken: under Vercel's 4.5 MB request body, with room for the form around it (lib/security/action-limits.ts). */
export const PHOTO_MAX_BYTES = 4 * 1024 * 1024;

/** The most pixels decoded (a 48 MP phone photo passes; a 40,000 × 40,000 "image" would need gigabytes). */
export const PHOTO_MAX_PIXELS = 50_000_000;

/** The types taken; the server reads the type from the file's first bytes, never its name. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const PHOTO_ERRORS = {
  empty: "Choose a photo to upload.",
  tooLarge: `A photo may be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  notAnImage: "The file is not a JPEG, PNG, WebP or AVIF image.",
  damaged: "The photo could not be read: the file is damaged or incomplete.",
} as const;

/** What the form says of the field, from the rules above. */
export const PHOTO_HINT = `JPEG, PNG, WebP or AVIF, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB and at least ${PHOTO_MIN_SIDE} × ${PHOTO_MIN_SIDE} pixels. Pages show it square (the middle of a wider photo). It replaces the image URL.`;
