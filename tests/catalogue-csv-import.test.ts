/**
 * The products page's CSV import (lib/admin/catalogue-import.ts) against the
 * real stores, SQLite and the Firestore emulator: a clean file writes every
 * product and announces one catalogue change; the export of what it wrote
 * imports back without a change; a refused caller, a file over the limit,
 * one that is not UTF-8, or any row to fix writes nothing (SQLite: every
 * table the same; Firestore: no document written); a store that fails
 * part-way says how far it got and announces what it wrote.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CATALOGUE_CSV_MAX_BYTES, IMPORT_MESSAGES, importCatalogueAs, type CatalogueImportResult } from "@/lib/admin/catalogue-import";
import { demoProducts } from "@/lib/catalog/demo";
import { PRODUCT_CSV_COLUMNS, productCsvRow } from "@/lib/catalog/product-csv";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { csvLines } from "@/lib/csv/write";
import { captureLogLines } from "@/lib/log/sink";
import { photoKey, photoPath } from "@/lib/images/photo-paths";
import { filesystemMediaStore } from "@/lib/media/filesystem";
import { ADMIN_CALLER } from "./helpers/action-inputs";
import { fuzzBackends, type FuzzBackend } from "./helpers/fuzz-backends";

const csvOf = (products: Product[]) => csvLines([[...PRODUCT_CSV_COLUMNS], ...products.map(productCsvRow)]);

function upload(content: string | Uint8Array<ArrayBuffer>, name = "catalogue.csv"): FormData {
  const form = new FormData();
  form.append("catalogue", new File([content], name, { type: "text/csv" }));
  return form;
}

async function listAll(store: Store): Promise<Product[]> {
  return store.listProducts();
}

for (const backend of fuzzBackends("catalogue-import")) {
  describe(`the CSV import on ${backend.name}`, () => {
    let opened: FuzzBackend;
    before(async () => {
      opened = await backend.open();
    });
    after(() => opened.close());

    test("a clean file writes every product, announces one change, and its export imports back without one", async () => {
      const products = demoProducts();
      const before = await opened.store.getCatalogVersion();
      const result = await importCatalogueAs(ADMIN_CALLER, upload(csvOf(products)), async () => opened.store);
      assert.deepEqual(result, { ok: true, message: `Imported ${products.length} products.` });
      assert.equal(await opened.store.getCatalogVersion(), before + 1, "one catalogue change for the whole file");
      const stored = await listAll(opened.store);
      assert.deepEqual(
        stored,
        [...products].sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id)),
      );
      // What the shop exports imports back to the same products.
      const again = await importCatalogueAs(ADMIN_CALLER, upload(csvOf(stored)), async () => opened.store);
      assert.equal(again.ok, true);
      assert.deepEqual(await listAll(opened.store), stored);
    });

    test("a refused caller, a bad file or any row to fix writes nothing, and says why", async () => {
      const unchanged = await proofOfNothingWritten(opened);
      const good = csvOf(demoProducts().slice(3, 6));
      const cases: [string, FormData, typeof ADMIN_CALLER, (result: CatalogueImportResult) => void][] = [
        [
          "a shopper",
          upload(good),
          { ...ADMIN_CALLER, user: { isAdmin: false, email: "s@example.com" } },
          expectError(/Only a signed-in admin/),
        ],
        ["another site", upload(good), { ...ADMIN_CALLER, origin: "https://evil.example" }, expectError(/did not come from the shop/)],
        ["no file", new FormData(), ADMIN_CALLER, expectError(IMPORT_MESSAGES.noFile)],
        ["an empty file", upload(""), ADMIN_CALLER, expectError(IMPORT_MESSAGES.noFile)],
        ["a file over the limit", upload(new Uint8Array(CATALOGUE_CSV_MAX_BYTES + 1)), ADMIN_CALLER, expectError(IMPORT_MESSAGES.tooLarge)],
        [
          "a file that is not UTF-8",
          upload(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe])),
          ADMIN_CALLER,
          expectError(IMPORT_MESSAGES.notUtf8),
        ],
        [
          "a column the catalogue has not",
          upload(`name,type,price,details,image1,stock\r\nLamp,Book,5,d,/products/l.webp,3\r\n`),
          ADMIN_CALLER,
          (result) => {
            expectError(IMPORT_MESSAGES.refusedWhole)(result);
            assert.ok(!result.ok);
            assert.deepEqual(
              result.rejects.map((reject) => reject.line),
              [1],
            );
          },
        ],
        ["only the columns", upload(`${PRODUCT_CSV_COLUMNS.join(",")}\r\n`), ADMIN_CALLER, expectError(IMPORT_MESSAGES.noRows)],
        [
          "good rows and one bad",
          upload(`${good}${csvLines([productCsvRow(demoProducts()[7]).map((cell, index) => (index === 2 ? "Toys" : cell))])}`),
          ADMIN_CALLER,
          (result) => {
            assert.equal(result.ok, false);
            assert.ok(!result.ok);
            assert.equal(result.error, IMPORT_MESSAGES.rejected(1));
            assert.deepEqual(
              result.rejects.map((reject) => reject.line),
              [5],
            );
          },
        ],
      ];
      for (const [what, form, caller, expect] of cases) {
        const result = await importCatalogueAs(caller, form, async () => opened.store);
        expect(result);
        await unchanged(what);
      }
    });

    test("an uploaded photo stays its product's own: a row naming another's is refused by its line, nothing written; one a product drops is removed", async (t) => {
      const mediaDir = mkdtempSync(join(tmpdir(), "import-photos-"));
      t.after(() => rmSync(mediaDir, { recursive: true, force: true }));
      const media = filesystemMediaStore(mediaDir);
      const openMedia = async () => media;
      const [owner, other] = demoProducts().slice(0, 2);
      const [ownId, keptId] = ["ownphoto", "keptphoto"].map((name) => name.padEnd(20, "0"));
      const [ownPhoto, keptPhoto] = [ownId, keptId].map((id) => photoPath(id, 800));
      const stored = {
        ...owner,
        images: [
          { src: ownPhoto, alt: owner.name },
          { src: keptPhoto, alt: owner.name },
        ],
      };
      await opened.store.upsertProducts([stored, other]);
      for (const id of [ownId, keptId]) for (const width of [400, 800]) await media.put(photoKey(id, width), WEBP);

      // Line 3: the second product's row names the first's photo, as a row copied in a spreadsheet would.
      const copied = { ...other, images: [{ src: ownPhoto, alt: other.name }] };
      const unchanged = await proofOfNothingWritten(opened);
      const refusedImport = await importCatalogueAs(ADMIN_CALLER, upload(csvOf([stored, copied])), async () => opened.store, openMedia);
      assert.deepEqual(refusedImport, {
        ok: false,
        error: IMPORT_MESSAGES.rejected(1),
        rejects: [{ line: 3, reason: IMPORT_MESSAGES.foreignPhoto(ownPhoto) }],
        moreRejects: 0,
      });
      await unchanged("a copied photo");
      assert.equal((await media.list("photos/")).length, 4, "no photo removed");

      // Its own row, now without one of its photos: written, and only the dropped photo's widths removed.
      const dropped = { ...stored, images: [{ src: keptPhoto, alt: owner.name }] };
      const result = await importCatalogueAs(ADMIN_CALLER, upload(csvOf([dropped])), async () => opened.store, openMedia);
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.deepEqual((await opened.store.getProduct(owner.id))?.images, dropped.images);
      assert.deepEqual(await media.list("photos/"), [photoKey(keptId, 400), photoKey(keptId, 800)]);
    });
  });
}

/** Some bytes standing for a photo's width: the import reads keys, not pictures. */
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46]);

function expectError(error: string | RegExp) {
  return (result: CatalogueImportResult) => {
    assert.equal(result.ok, false);
    assert.ok(!result.ok);
    if (typeof error === "string") assert.equal(result.error, error);
    else assert.match(result.error, error);
  };
}

/** A check that nothing was written since it was made (or since its last call), on either backend's proof. */
async function proofOfNothingWritten(opened: FuzzBackend): Promise<(what: string) => Promise<void>> {
  const fingerprint = opened.fingerprint();
  opened.writesSince();
  const products = await listAll(opened.store);
  return async (what) => {
    if (fingerprint !== null) assert.deepEqual(opened.fingerprint(), fingerprint, `${what}: every table the same`);
    const written = opened.writesSince();
    if (written !== null) assert.equal(written, 0, `${what}: no document written`);
    assert.deepEqual(await listAll(opened.store), products, `${what}: the catalogue the same`);
  };
}

test("a store that fails part-way: the answer says how far it got, what it wrote is announced, and it is logged", async () => {
  const products = demoProducts();
  let upserts = 0;
  let announced = 0;
  const failing = {
    async getProduct() {
      return null;
    },
    async upsertProducts(batch: Product[]) {
      if (++upserts === 2) throw new Error("the store went away");
      assert.ok(batch.length > 0);
    },
    async markCatalogChanged() {
      announced++;
      return 1;
    },
  };
  const logs = captureLogLines();
  let result: CatalogueImportResult;
  try {
    result = await importCatalogueAs(ADMIN_CALLER, upload(csvOf(products)), async () => failing);
  } finally {
    logs.restore();
  }
  assert.deepEqual(result, {
    ok: false,
    error: IMPORT_MESSAGES.stopped(25, products.length),
    rejects: [],
    moreRejects: 0,
  });
  assert.equal(announced, 1, "the batch it wrote is announced once");
  assert.deepEqual(
    logs.lines.map((line) => [line.kind, line.written]),
    [["admin.catalogue_import_failed", 25]],
  );
});
