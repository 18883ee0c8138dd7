/**
 * A photo posted with the add and edit forms (lib/admin/product-photo.ts),
 * through the cores against a real SQLite store and a media folder: stored
 * in its widths only with the product that names it, a bad file or bad
 * fields store nothing, a failed save leaves no picture behind.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { addProductAs } from "@/lib/admin/add-product";
import { updateProductAs } from "@/lib/admin/edit-product";
import type { Caller } from "@/lib/admin/guard";
import { PHOTO_NOT_KEPT, PHOTO_NOT_STORED } from "@/lib/admin/product-photo";
import { NO_IMAGE } from "@/lib/admin/read-product-form";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { uploadedPhoto } from "@/lib/images/photo-paths";
import { PHOTO_ERRORS } from "@/lib/images/photo-rules";
import { MediaUnavailableError, type MediaStore } from "@/lib/media/contract";
import { filesystemMediaStore } from "@/lib/media/filesystem";
import { PDF_BYTES, cameraPhoto } from "./helpers/photos";

const dir = mkdtempSync(join(tmpdir(), "admin-photo-"));
const admin: Caller = {
  origin: "https://shop.example.com",
  host: "shop.example.com",
  forwardedHost: null,
  user: { isAdmin: true, email: "ada@example.com" },
};

function productForm(photo: Uint8Array | null, fields: Record<string, string> = {}, fileName = "lamp.jpg"): FormData {
  const form = new FormData();
  const values = {
    productName: "Photo Lamp",
    productImage: "",
    productPrize: "12.50",
    productDetails: "A lamp.",
    productType: "Electronics",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  // What a browser sends for a file input left empty: a part with no name and no bytes.
  form.set(
    "productPhoto",
    photo ? new File([new Uint8Array(photo)], fileName, { type: "image/jpeg" }) : new File([], "", { type: "application/octet-stream" }),
  );
  return form;
}

describe("a photo with the product form", () => {
  let store: Store;
  let media: MediaStore;
  let camera: Buffer;
  const openStore = async () => store;
  const openMedia = async () => media;
  const named = async (name: string) => (await store.searchProducts(name, { type: null, limit: 48 })).find((p) => p.name === name);

  before(async () => {
    store = openSqliteStore(join(dir, "shop.db"));
    media = filesystemMediaStore(join(dir, "media"));
    camera = await cameraPhoto(1000);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("added: the product names the photo's largest width, and every width is stored", async () => {
    const result = await addProductAs(admin, productForm(camera), openStore, openMedia);
    assert.ok(result.ok, JSON.stringify(result));
    const photo = uploadedPhoto(result.product.images[0].src);
    assert.ok(photo, `a photo path: ${result.product.images[0].src}`);
    assert.deepEqual(photo.widths, [400, 800]);
    assert.deepEqual(await media.list(`photos/${photo.id}/`), [`photos/${photo.id}/400.webp`, `photos/${photo.id}/800.webp`]);
    assert.equal((await media.get(`photos/${photo.id}/800.webp`))?.contentType, "image/webp");
  });

  test("a file input left empty is no photo, however it arrives: an empty file part, named or not, or empty text", async () => {
    for (const empty of [new File([], "", { type: "application/octet-stream" }), new File([], "blob"), ""]) {
      const form = productForm(null, { productName: "Url Only Lamp", productImage: "/products/lamp.webp" });
      form.set("productPhoto", empty);
      const result = await addProductAs(admin, form, openStore, openMedia);
      assert.ok(result.ok, JSON.stringify(result));
      assert.equal(result.product.images[0].src, "/products/lamp.webp");
    }
  });

  test("neither a photo nor an image URL: asked for one, nothing written", async () => {
    const before = (await media.list("")).length;
    const result = await addProductAs(admin, productForm(null, { productName: "No Picture Lamp" }), openStore, openMedia);
    assert.ok(!result.ok);
    assert.equal(result.fieldErrors.productImage, NO_IMAGE);
    assert.equal((await media.list("")).length, before);
  });

  test("a renamed PDF is refused as not an image, with the typed values kept and nothing stored", async () => {
    const before = (await media.list("")).length;
    const result = await addProductAs(admin, productForm(PDF_BYTES, { productName: "Pdf Lamp" }, "photo.jpg"), openStore, openMedia);
    assert.ok(!result.ok);
    assert.deepEqual(
      result.fieldErrors,
      { productPhoto: PHOTO_ERRORS.notAnImage },
      "the photo's reason alone, not a missing image URL too",
    );
    assert.equal(result.values?.productName, "Pdf Lamp");
    assert.equal((await media.list("")).length, before);
    assert.equal(await named("Pdf Lamp"), undefined);
  });

  test("a good photo with a bad price: the price's error, the photo not kept and not stored", async () => {
    const before = (await media.list("")).length;
    const result = await addProductAs(admin, productForm(camera, { productPrize: "-1" }), openStore, openMedia);
    assert.ok(!result.ok);
    assert.ok(result.fieldErrors.productPrize);
    assert.equal(result.fieldErrors.productPhoto, PHOTO_NOT_KEPT);
    assert.equal((await media.list("")).length, before);
  });

  test("a save that fails after the photo was stored removes the photo", async () => {
    const before = await media.list("");
    const failing = async () => ({
      ...store,
      addProduct: async () => {
        throw new Error("the store went away");
      },
      setStock: store.setStock.bind(store),
    });
    const result = await addProductAs(admin, productForm(camera, { productName: "Lost Lamp" }), failing, openMedia);
    assert.ok(!result.ok);
    assert.deepEqual(await media.list(""), before, "no width of the photo is left");
  });

  test("a media store that fails on the second width: the first is removed, the product not added", async () => {
    const before = await media.list("");
    let puts = 0;
    const flaky: MediaStore = {
      ...media,
      put: async (key, bytes) => {
        puts += 1;
        if (puts === 2) throw new MediaUnavailableError("the bucket went away");
        return media.put(key, bytes);
      },
    };
    const result = await addProductAs(admin, productForm(camera, { productName: "Flaky Lamp" }), openStore, async () => flaky);
    assert.deepEqual(!result.ok && result.error, PHOTO_NOT_STORED);
    assert.deepEqual(await media.list(""), before);
    assert.equal(await named("Flaky Lamp"), undefined);
  });

  test("edited: a new photo replaces the image URL", async () => {
    const added = await addProductAs(
      admin,
      productForm(null, { productName: "Url Lamp", productImage: "/products/lamp.webp" }),
      openStore,
      openMedia,
    );
    assert.ok(added.ok);
    const { revision } = (await store.getProductRevision(added.product.id))!;
    const form = productForm(camera, { productName: "Url Lamp", productImage: "/products/lamp.webp" });
    form.set("productId", added.product.id);
    form.set("revision", String(revision));
    form.set("stockWhenOpened", "");
    const saved = await updateProductAs(admin, form, openStore, openMedia);
    assert.ok(saved.ok, JSON.stringify(saved));
    const photo = uploadedPhoto(saved.product.images[0].src);
    assert.ok(photo, saved.product.images[0].src);
    assert.equal((await store.getProduct(added.product.id))?.images[0].src, saved.product.images[0].src);
    assert.equal((await media.list(`photos/${photo.id}/`)).length, 2);
  });
});
