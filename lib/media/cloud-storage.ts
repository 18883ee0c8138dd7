/**
 * The media store in a Cloud Storage for Firebase bucket, through
 * firebase-admin's getStorage() (the @google-cloud/storage client): a
 * Vercel shop's, whose own disk is thrown away with each instance. Each put
 * is one request (a multipart upload, not a resumable session: the shop's
 * objects are a few megabytes at most), which the client checks against
 * the CRC32C the bucket reports back. Objects are written without a public ACL: the
 * bucket keeps its default, private access, and only the shop reads them.
 */
import "server-only";
import type { Storage } from "firebase-admin/storage";
import { MediaUnavailableError, checkMediaPrefix, mediaTypeOf, type MediaObject, type MediaStore } from "./contract";

/** A bucket as firebase-admin hands it out (the @google-cloud/storage client it wraps). */
type Bucket = ReturnType<Storage["bucket"]>;

const statusOf = (error: unknown) => (error as { code?: unknown }).code;

function unavailable(action: string, key: string, error: unknown): MediaUnavailableError {
  return new MediaUnavailableError(`Cloud Storage could not ${action} ${key}: ${(error as Error).message}`, { cause: error });
}

export function cloudStorageMediaStore(bucket: Bucket): MediaStore {
  return {
    kind: "cloud-storage",
    async put(key, bytes) {
      const contentType = mediaTypeOf(key);
      try {
        await bucket.file(key).save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          resumable: false,
          contentType,
          validation: "crc32c",
        });
      } catch (error) {
        throw unavailable("store", key, error);
      }
    },
    async get(key): Promise<MediaObject | null> {
      const contentType = mediaTypeOf(key);
      try {
        const [bytes] = await bucket.file(key).download();
        return { bytes, contentType };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable("read", key, error);
      }
    },
    async delete(key) {
      mediaTypeOf(key);
      try {
        await bucket.file(key).delete({ ignoreNotFound: true });
      } catch (error) {
        throw unavailable("delete", key, error);
      }
    },
    async list(prefix) {
      checkMediaPrefix(prefix);
      try {
        const [files] = await bucket.getFiles({ prefix, autoPaginate: true });
        return files.map((file) => file.name).sort();
      } catch (error) {
        throw unavailable("list", prefix, error);
      }
    },
  };
}
