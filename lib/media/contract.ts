/**
 * The media store: the bytes of the pictures the shop makes (its photos'
 * WebP widths), beside the data store and chosen the same way
 * (lib/media/index.ts): a folder on this machine's disk, or a Cloud Storage
 * for Firebase bucket. Each object is named by a key and its type follows
 * from the key's extension, so a stored object never disagrees with how it
 * is served.
 */

/** The types the store holds, by the extension that names each. */
export const MEDIA_TYPES = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  avif: "image/avif",
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;

/** The longest key: well inside Cloud Storage's 1,024 bytes and any file system's path. */
export const MEDIA_KEY_MAX = 200;

/**
 * A key: lower-case folders and a file name joined by "/", each part letters,
 * digits, "-", "_" or "." (never "." or ".." alone), ending in a known
 * extension. The same key is a path under the filesystem adapter's folder and
 * an object name in a bucket, so nothing in it may climb out of either.
 */
const KEY_SHAPE = /^(?:[a-z0-9][a-z0-9_.-]*\/)*[a-z0-9][a-z0-9_.-]*\.([a-z0-9]+)$/;

export class MediaKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Media key ${JSON.stringify(key.slice(0, MEDIA_KEY_MAX + 1))} ${reason}`);
    this.name = "MediaKeyError";
  }
}

/** The store failed or could not be reached; nothing is known to have changed, and a retry is safe. */
export class MediaUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MediaUnavailableError";
  }
}

/**
 * Whether `error` is a MediaUnavailableError. By name as well as by class: the
 * store is one per process (lib/process-singleton.ts), and the bundler may give
 * the module that opened it and the route that reads it each their own copy of
 * this file, and then `instanceof` alone says no to the store's own errors.
 */
export const isMediaUnavailable = (error: unknown): error is MediaUnavailableError =>
  error instanceof MediaUnavailableError || (error instanceof Error && error.name === "MediaUnavailableError");

/** The type of the object `key` names; throws MediaKeyError for a key the store refuses. */
export function mediaTypeOf(key: string): (typeof MEDIA_TYPES)[MediaExtension] {
  if (key.length > MEDIA_KEY_MAX) throw new MediaKeyError(key, `is longer than ${MEDIA_KEY_MAX} characters`);
  const match = KEY_SHAPE.exec(key);
  if (!match || key.split("/").some((part) => part === "." || part === ".." || part.includes(".."))) {
    throw new MediaKeyError(key, "is not a key: lower-case folders and a file name, letters, digits, - _ and . only");
  }
  const extension = match[1];
  if (!Object.hasOwn(MEDIA_TYPES, extension)) {
    throw new MediaKeyError(key, `ends in .${extension}: the store holds ${Object.keys(MEDIA_TYPES).join(", ")} only`);
  }
  return MEDIA_TYPES[extension as MediaExtension];
}

/** A prefix a listing takes: "" (everything) or a key's folders, ending in "/". */
export function checkMediaPrefix(prefix: string): void {
  if (prefix === "") return;
  if (!prefix.endsWith("/") || prefix.length > MEDIA_KEY_MAX) throw new MediaKeyError(prefix, "is not a folder prefix ending in /");
  mediaTypeOf(`${prefix}x.webp`);
}

export interface MediaObject {
  bytes: Buffer;
  contentType: string;
}

export interface MediaStore {
  /** Which adapter this is, for logs and /api/health. */
  readonly kind: "filesystem" | "cloud-storage";
  /**
   * Stores `bytes` under `key`, replacing any object there; resolved only
   * once the whole object is stored (a reader sees the old or the new object
   * whole, never a part).
   */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<MediaObject | null>;
  /** Removes the object under `key`; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` ("" for all), sorted; for sweeping objects no product names. */
  list(prefix: string): Promise<string[]>;
}
