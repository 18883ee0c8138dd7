// The media store's contract (tests/media-store-contract/contract.ts) on both
// adapters: a folder on disk, and Cloud Storage through firebase-admin's
// client against the project's stand-in for the JSON API
// (scripts/storage-stand-in.mjs; Firebase's Storage emulator cannot start here).
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { cloudStorageMediaStore } from "@/lib/media/cloud-storage";
import { isMediaUnavailable, MediaUnavailableError, type MediaStore } from "@/lib/media/contract";
import { captureLogLines } from "@/lib/log/sink";
import { filesystemMediaStore } from "@/lib/media/filesystem";
import { startStorageStandIn, type StorageStandIn } from "../scripts/storage-stand-in.mjs";
import { mediaStoreContract } from "./media-store-contract/contract";

const scratch = mkdtempSync(join(tmpdir(), "media-store-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file under `folder`, as "/"-joined paths: what the disk holds, whatever the adapter lists. */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/"))
      .sort();
  } catch {
    return [];
  }
}

const folders = new WeakMap<MediaStore, string>();
let opened = 0;
mediaStoreContract("filesystem", {
  async open() {
    const folder = join(scratch, `store-${++opened}`);
    const store = filesystemMediaStore(folder);
    folders.set(store, folder);
    return store;
  },
  // Its folder replaced by a file: every write fails as on a disk that refuses it (tests run as root, so modes would not).
  async breakStore(store) {
    const folder = folders.get(store)!;
    renameSync(folder, `${folder}.away`);
    writeFileSync(folder, "not a folder");
  },
  async mendStore(store) {
    const folder = folders.get(store)!;
    rmSync(folder);
    renameSync(`${folder}.away`, folder);
  },
  async rawNames(store) {
    return filesUnder(folders.get(store)!);
  },
});

let standIn: StorageStandIn;
let app: App;
const buckets = new WeakMap<MediaStore, string>();
before(async () => {
  standIn = await startStorageStandIn({ log: () => {} });
  // Read by the client as firebase-admin makes it (getStorage below).
  process.env.STORAGE_EMULATOR_HOST = standIn.url;
  app = initializeApp({ projectId: "demo-media" }, "media-store-test");
});
after(async () => {
  await deleteApp(app);
  await standIn.close();
  delete process.env.STORAGE_EMULATOR_HOST;
});

mediaStoreContract("Cloud Storage (through the stand-in)", {
  async open() {
    const name = `demo-media-${++opened}.appspot.com`;
    const store = cloudStorageMediaStore(getStorage(app).bucket(name));
    buckets.set(store, name);
    return store;
  },
  async breakStore() {
    await fetch(`${standIn.url}/_stand-in/fault?mode=down`, { method: "POST" });
  },
  async mendStore() {
    await fetch(`${standIn.url}/_stand-in/fault?mode=none`, { method: "POST" });
  },
  async rawNames(store) {
    return standIn.names(buckets.get(store)!);
  },
});

test("the folder adapter: a delete takes a photo's own folder with its last file, never a top-level folder", async () => {
  const folder = join(scratch, "folders");
  const store = filesystemMediaStore(folder);
  const bytes = new Uint8Array([1, 2, 3]);
  for (const key of ["photos/aaa/400.webp", "photos/aaa/800.webp", "photos/bbb/400.webp"]) await store.put(key, bytes);
  await store.delete("photos/aaa/400.webp");
  assert.equal(existsSync(join(folder, "photos", "aaa")), true, "a folder with a file left stays");
  await store.delete("photos/aaa/800.webp");
  assert.equal(existsSync(join(folder, "photos", "aaa")), false, "its last file took it");
  await store.delete("photos/bbb/400.webp");
  assert.deepEqual(readdirSync(join(folder, "photos")), [], "the top-level folder stays, empty");
  // A put into a folder a delete just took makes it again.
  await store.put("photos/aaa/400.webp", bytes);
  assert.deepEqual(await store.list("photos/"), ["photos/aaa/400.webp"]);
});

test("Cloud Storage: a call whose connection dropped is made once more, and logged; a call that went through is not", async () => {
  const store = cloudStorageMediaStore(getStorage(app).bucket("demo-media-dropped.appspot.com"));
  const bytes = new Uint8Array([7, 8, 9]);
  const logs = captureLogLines();
  try {
    await store.put("photos/ccc/400.webp", bytes);
    assert.deepEqual(new Uint8Array((await store.get("photos/ccc/400.webp"))!.bytes), bytes);
    assert.equal(logs.lines.length, 0, "nothing dropped, nothing made twice");
    for (const call of [
      () => store.get("photos/ccc/400.webp"),
      () => store.put("photos/ccc/800.webp", bytes),
      () => store.list("photos/"),
    ]) {
      await fetch(`${standIn.url}/_stand-in/fault?mode=reset-next`, { method: "POST" });
      await call();
    }
    assert.deepEqual(
      logs.lines.map((line) => [line.kind, line.action]),
      [
        ["media.connection_dropped", "read"],
        ["media.connection_dropped", "store"],
        ["media.connection_dropped", "list"],
      ],
    );
    assert.deepEqual(await store.list("photos/"), ["photos/ccc/400.webp", "photos/ccc/800.webp"]);
  } finally {
    logs.restore();
  }
});

test("a media store's unavailability is known by its name too: a route's copy of the class is not the store's", () => {
  const fromAnotherCopy = Object.assign(new Error("the bucket went away"), { name: "MediaUnavailableError" });
  assert.equal(fromAnotherCopy instanceof MediaUnavailableError, false);
  assert.equal(isMediaUnavailable(fromAnotherCopy), true);
  assert.equal(isMediaUnavailable(new MediaUnavailableError("down")), true);
  assert.equal(isMediaUnavailable(new Error("down")), false);
});
