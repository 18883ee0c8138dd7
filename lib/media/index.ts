/**
 * THE door to the media store, as lib/data/index.ts is to the data store:
 * the only file that knows which adapter runs. A Cloud Storage for Firebase
 * bucket when FIREBASE_STORAGE_BUCKET names one (a Vercel shop's: its disk is
 * thrown away with each instance), else the folder MEDIA_DIR (the embedded
 * default, under .data/ beside the SQLite file, and a self-hosted shop's).
 */
import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import type { MediaStore } from "./contract";

export type MediaChoice = { kind: "filesystem"; folder: string } | { kind: "cloud-storage"; bucket: string };

export function chooseMediaStore(env: ServerEnv): MediaChoice {
  if (env.FIREBASE_STORAGE_BUCKET) return { kind: "cloud-storage", bucket: env.FIREBASE_STORAGE_BUCKET };
  // A serverless file system is per instance and thrown away: photos would vanish.
  if (env.VERCEL) throw new Error("Photos cannot be kept on Vercel's disk: set FIREBASE_STORAGE_BUCKET (docs/DEPLOY.md).");
  return { kind: "filesystem", folder: env.MEDIA_DIR };
}

async function openMediaStore(choice: MediaChoice, env: ServerEnv): Promise<MediaStore> {
  if (choice.kind === "filesystem") {
    const { filesystemMediaStore } = await import("./filesystem");
    return filesystemMediaStore(choice.folder);
  }
  const [{ cloudStorageMediaStore }, { getStorage }, { adminApp }] = await Promise.all([
    import("./cloud-storage"),
    import("firebase-admin/storage"),
    import("@/lib/firebase/admin-app"),
  ]);
  return cloudStorageMediaStore(getStorage(adminApp(env)).bucket(choice.bucket));
}

/** The process's one media store (lib/process-singleton.ts). */
export function getMediaStore(): Promise<MediaStore> {
  return processSingleton("mediaStore", () => {
    const env = serverEnv();
    return openMediaStore(chooseMediaStore(env), env);
  });
}
