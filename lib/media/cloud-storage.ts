/**
 * The media store in a Cloud Storage for Firebase bucket, through
 * firebase-admin's getStorage() (the @google-cloud/storage client): a
 * Vercel shop's, whose own disk is thrown away with each instance. Each put
 * is one request (a multipart upload, not a resumable session: the shop's
 * objects are a few megabytes at most), which the client checks against
 * the CRC32C the bucket reports back. Objects are written without a public ACL: the
 * bucket keeps its default, private access, and only the shop reads them.
 *
 * A call whose connection dropped under it is made once more: Cloud Storage's
 * retry guidance counts a reset connection as transient, and every call here
 * may be repeated (a photo's key names one set of bytes for good). The
 * client (@google-cloud/storage 7) does not retry these itself.
 */
import "server-only";
import type { Storage } from "firebase-admin/storage";
import { log } from "@/lib/log";
import { MediaUnavailableError, checkMediaPrefix, mediaTypeOf, type MediaObject, type MediaStore } from "./contract";

/** A bucket as firebase-admin hands it out (the @google-cloud/storage client it wraps). */
type Bucket = ReturnType<Storage["bucket"]>;

const statusOf = (error: unknown) => (error as { code?: unknown }).code;

const DROPPED_CONNECTION = new Set(["ECONNRESET", "EPIPE"]);

async function onceMoreIfDropped<T>(action: string, key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!DROPPED_CONNECTION.has(String(statusOf(error)))) throw error;
    log.warn("media.connection_dropped", "Cloud Storage dropped the connection under a call: made once more", { action, key }, error);
    return call();
  }
}

function unavailable(action: string, key: string, error: unknown): MediaUnavailableError {
  return new MediaUnavailableError(`Cloud Storage could not ${action} ${key}: ${(error as Error).message}`, { cause: error });
}

export function cloudStorageMediaStore(bucket: Bucket): MediaStore {
  return {
    kind: "cloud-storage",
    async put(key, bytes) {
      const contentType = mediaTypeOf(key);
      try {
        const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        await onceMoreIfDropped("store", key, () => bucket.file(key).save(body, { resumable: false, contentType, validation: "crc32c" }));
      } catch (error) {
        throw unavailable("store", key, error);
      }
    },
    async get(key): Promise<MediaObject | null> {
      const contentType = mediaTypeOf(key);
      try {
        const [bytes] = await onceMoreIfDropped("read", key, () => bucket.file(key).download());
        return { bytes, contentType };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable("read", key, error);
      }
    },
    async delete(key) {
      mediaTypeOf(key);
      try {
        await onceMoreIfDropped("delete", key, () => bucket.file(key).delete({ ignoreNotFound: true }));
      } catch (error) {
        throw unavailable("delete", key, error);
      }
    },
    async list(prefix) {
      checkMediaPrefix(prefix);
      try {
        const [files] = await onceMoreIfDropped("list", prefix, () => bucket.getFiles({ prefix, autoPaginate: true }));
        return files.map((file) => file.name).sort();
      } catch (error) {
        throw unavailable("list", prefix, error);
      }
    },
  };
}
