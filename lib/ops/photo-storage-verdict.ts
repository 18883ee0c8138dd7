/**
 * Doctor's "photo storage" check: the media store the shop would use
 * (lib/media/index.ts) takes a small object, gives it back byte for byte and
 * removes it. Where it lives is said, so a self-hosted shop sees its folder
 * and a Vercel one its bucket.
 */
import "server-only";
import type { ServerEnv } from "@/lib/env";
import type { MediaStore } from "@/lib/media/contract";

type PhotoStorageVerdict = { check: string } & ({ ok: true; detail: string } | { ok: false; problem: string });

export const PHOTO_STORAGE_CHECK = "photo storage";

/** `roundTrip` stores, reads back and removes a probe object; it resolves with the store's kind, and throws when any step fails. */
export async function photoStorageVerdict(env: ServerEnv, roundTrip: () => Promise<MediaStore["kind"]>): Promise<PhotoStorageVerdict> {
  const kind = await roundTrip();
  const where =
    kind === "cloud-storage"
      ? `the Cloud Storage bucket ${env.FIREBASE_STORAGE_BUCKET}`
      : `the folder ${env.MEDIA_DIR} on this machine (a self-hosted shop's; on Vercel set FIREBASE_STORAGE_BUCKET)`;
  return { check: PHOTO_STORAGE_CHECK, ok: true, detail: `${where}: a test object stored, read back and removed` };
}
