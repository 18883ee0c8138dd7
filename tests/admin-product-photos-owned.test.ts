/**
 * An uploaded photo is its product's own (lib/admin/product-photos-owned.ts),
 * through the cores against a real SQLite store and a media folder: an edit
 * that drops a photo, or the product's delete, removes its widths; another
 * product's photo is refused by address; a removal that fails is logged and
 * the save stands.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { addProductAs } from "@/lib/admin/add-product";
import { deleteProductAs, updateProductAs } from "@/lib/admin/edit-product";
import type { Caller } from "@/lib/admin/guard";
import { FOREIGN_PHOTO } from "@/lib/admin/product-photos-owned";
import type { ProductImage } from "@/lib/data/contract/catalog";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { uploadedPhoto } from "@/lib/images/photo-paths";
import type { MediaStore } from "@/lib/media/contract";
import { filesystemMediaStore } from "@/lib/media/filesystem";
import { captureLogLines } from "@/lib/log/sink";
import { cameraPhoto } from "./helpers/photos";

const dir = mkdtempSync(join(tmpdir(), "admin-photos-owned-"));
const admin: Caller = {
  origin: "https://shop.example.com",
  host: "shop.example.com",
  forwardedHost: null,
  user: { isAdmin: true, email: "ada@example.com" },
};

interface FormParts {
  rows?: readonly ProductImage[];
  removed?: readonly string[];
  address?: string;
  photo?: Uint8Array;
  target?: { id: string; revision: number };
}

/** The product form as a browser posts it: its rows of images, the image it adds, and for an edit its target. */
function productForm(name: string, { rows = [], removed = [], address = "", photo, target }: FormParts): FormData {
  const form = new FormData();
  const fields = { productName: name, productImage: address, productPrize: "12.50", productDetails: "A lamp.", productType: "Book" };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const row of rows) {
    form.append("imageSrc", row.src);
    form.append("imageAlt", row.alt);
  }
  for (const src of removed) form.append("imageRemove", src);
  form.set("productPhoto", photo ? new File([new Uint8Array(photo)], "lamp.jpg", { type: "image/jpeg" }) : new File([], ""));
  if (target) {
    form.set("productId", target.id);
    form.set("revision", String(target.revision));
    form.set("stockWhenOpened", "");
  }
  return form;
}

describe("an uploaded photo is its product's own", () => {
  let store: Store;
  let media: MediaStore;
  let camera: Buffer;
  const openStore = async () => store;
  const openMedia = async () => media;
  const widthsOf = async (src: string) => media.list(`photos/${uploadedPhoto(src)!.id}/`);
  const targetOf = async (id: string) => ({ id, revision: (await store.getProductRevision(id))!.revision });

  /** A product with one uploaded photo, then a second added by an edit: its id and its two images. */
  async function productWithTwoPhotos(name: string) {
    const added = await addProductAs(admin, productForm(name, { photo: camera }), openStore, openMedia);
    assert.ok(added.ok, JSON.stringify(added));
    const id = added.product.id;
    const edited = await updateProductAs(
      admin,
      productForm(name, { rows: added.product.images, photo: camera, target: await targetOf(id) }),
      openStore,
      openMedia,
    );
    assert.ok(edited.ok, JSON.stringify(edited));
    assert.equal(edited.product.images.length, 2);
    return { id, images: edited.product.images };
  }

  before(async () => {
    store = openSqliteStore(join(dir, "shop.db"));
    media = filesystemMediaStore(join(dir, "media"));
    camera = await cameraPhoto(1000);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("an edit that removes a photo removes its widths; the photo kept keeps its own", async () => {
    const { id, images } = await productWithTwoPhotos("Two Photo Lamp");
    const saved = await updateProductAs(
      admin,
      productForm("Two Photo Lamp", { rows: images, removed: [images[0].src], target: await targetOf(id) }),
      openStore,
      openMedia,
    );
    assert.ok(saved.ok, JSON.stringify(saved));
    assert.deepEqual(saved.product.images, [images[1]]);
    assert.deepEqual(await widthsOf(images[0].src), []);
    assert.equal((await widthsOf(images[1].src)).length, 2);
  });

  test("a deleted product's photos are removed with it", async () => {
    const { id, images } = await productWithTwoPhotos("Deleted Photo Lamp");
    const form = productForm("Deleted Photo Lamp", { target: await targetOf(id) });
    form.set("confirm", "delete");
    assert.deepEqual(await deleteProductAs(admin, form, openStore, openMedia), { ok: true, name: "Deleted Photo Lamp" });
    for (const image of images) assert.deepEqual(await widthsOf(image.src), [], image.src);
  });

  test("another product's photo, named by its address in a row or as the image added, is refused and nothing changes", async () => {
    const { images } = await productWithTwoPhotos("Owner Lamp");
    const other = await addProductAs(admin, productForm("Other Lamp", { address: "/products/lamp.webp" }), openStore, openMedia);
    assert.ok(other.ok);
    const before = await store.getProductRevision(other.product.id);
    for (const parts of [{ rows: [...other.product.images, images[0]] }, { rows: other.product.images, address: images[1].src }]) {
      const refused = await updateProductAs(
        admin,
        productForm("Other Lamp", { ...parts, target: await targetOf(other.product.id) }),
        openStore,
        openMedia,
      );
      assert.ok(!refused.ok && refused.fieldErrors.productImage === FOREIGN_PHOTO, JSON.stringify(refused));
    }
    const added = await addProductAs(admin, productForm("Copy Lamp", { address: images[0].src }), openStore, openMedia);
    assert.ok(!added.ok && added.fieldErrors.productImage === FOREIGN_PHOTO, JSON.stringify(added));
    assert.deepEqual(await store.getProductRevision(other.product.id), before);
    assert.equal((await store.listProducts()).filter((p) => p.name === "Copy Lamp").length, 0, "not added");
  });

  test("a removal that fails is logged, and the edit stands", async () => {
    const { id, images } = await productWithTwoPhotos("Stubborn Photo Lamp");
    const failing: MediaStore = { ...media, delete: async () => Promise.reject(new Error("bucket unreachable")) };
    const logs = captureLogLines();
    try {
      const saved = await updateProductAs(
        admin,
        productForm("Stubborn Photo Lamp", { rows: [images[1]], target: await targetOf(id) }),
        openStore,
        async () => failing,
      );
      assert.ok(saved.ok, JSON.stringify(saved));
      assert.deepEqual((await store.getProduct(id))?.images, [images[1]]);
    } finally {
      logs.restore();
    }
    assert.deepEqual(
      logs.lines.map((line) => line.kind),
      ["admin.photo_cleanup_failed"],
    );
    assert.equal((await widthsOf(images[0].src)).length, 2, "left behind, and said");
  });
});
