/**
 * The media store in a folder of this machine's disk: the embedded default
 * (under .data/, beside the SQLite file) and a self-hosted shop's. A key is
 * a path under the folder. A put writes a temporary file beside its target,
 * flushes it to disk, renames it over the target and flushes the folder, so
 * a reader sees the old object or the new one whole, and an acknowledged
 * put survives a crash of the process or the machine.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, rmdir } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { MediaKeyError, MediaUnavailableError, checkMediaPrefix, mediaTypeOf, type MediaObject, type MediaStore } from "./contract";

const isMissing = (error: unknown) => ["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

function unavailable(action: string, key: string, error: unknown): MediaUnavailableError {
  return new MediaUnavailableError(`The media folder could not ${action} ${key}: ${(error as Error).message}`, { cause: error });
}

/** Writes `bytes` to `path` and flushes them to disk. */
async function writeFlushed(path: string, bytes: Uint8Array): Promise<void> {
  const file = await open(path, "wx");
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Flushes a folder's entries (a rename in it) to disk. */
async function flushFolder(path: string): Promise<void> {
  const folder = await open(path, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export function filesystemMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => join(root, ...key.split("/"));
  return {
    kind: "filesystem",
    async put(key, bytes) {
      mediaTypeOf(key);
      const target = pathOf(key);
      const folder = dirname(target);
      // A dot-name is never a key (contract.ts), so list() never shows a half-written file.
      const temporary = join(folder, `.${randomBytes(8).toString("hex")}.part`);
      try {
        // Made again once if a delete took the folder as its last file went (removeEmptyFolders).
        await mkdir(folder, { recursive: true });
        await writeFlushed(temporary, bytes).catch(async (error) => {
          if (!isMissing(error)) throw error;
          await mkdir(folder, { recursive: true });
          await writeFlushed(temporary, bytes);
        });
        await rename(temporary, target);
        await flushFolder(folder);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        throw unavailable("store", key, error);
      }
    },
    async get(key): Promise<MediaObject | null> {
      const contentType = mediaTypeOf(key);
      try {
        return { bytes: await readFile(pathOf(key)), contentType };
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw unavailable("read", key, error);
      }
    },
    async delete(key) {
      mediaTypeOf(key);
      try {
        await rm(pathOf(key), { force: true });
        await removeEmptyFolders(root, key);
      } catch (error) {
        throw unavailable("delete", key, error);
      }
    },
    async list(prefix) {
      checkMediaPrefix(prefix);
      let names: string[];
      try {
        names = (await readdir(pathOf(prefix === "" ? "" : prefix.slice(0, -1)), { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"));
      } catch (error) {
        if (isMissing(error)) return [];
        throw unavailable("list", prefix, error);
      }
      return names.filter((name) => isKey(name)).sort();
    },
  };
}

/**
 * The folders of `key` left empty by its delete (a photo's photos/<id>/ once
 * its last width goes), deepest first; never a top-level folder (photos/),
 * where other keys' puts make their folders.
 */
async function removeEmptyFolders(root: string, key: string): Promise<void> {
  const folders = key.split("/").slice(0, -1);
  for (let depth = folders.length; depth >= 2; depth--) {
    try {
      await rmdir(join(root, ...folders.slice(0, depth)));
    } catch (error) {
      if (["ENOTEMPTY", "EEXIST", "ENOENT"].includes((error as NodeJS.ErrnoException).code ?? "")) return;
      throw error;
    }
  }
}

function isKey(name: string): boolean {
  try {
    mediaTypeOf(name);
    return true;
  } catch (error) {
    if (error instanceof MediaKeyError) return false;
    throw error;
  }
}
