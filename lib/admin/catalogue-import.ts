/**
 * The products page's CSV import, without the request (like add-product.ts):
 * the caller, the form and the store are arguments. The file is read by the
 * catalogue's CSV rules (lib/catalog/product-csv.ts, the command-line
 * import's rules underneath); a file with any row refused writes nothing and
 * lists every refusal with its line, so the operator fixes the file and
 * sends it again. A clean file is written in batches that announce one
 * catalogue change at their end (lib/catalog/seed.ts): a product whose id is
 * in the store is replaced, any other added; none is deleted. An uploaded
 * photo stays its product's own (product-photos-owned.ts): a row may name
 * one only if its product shows it already (a row copied from another
 * product is refused, or one product's edit would break the other's
 * picture), and a photo a replaced product no longer names is removed.
 */
import "server-only";
import { log } from "@/lib/log";
import { parseProductCsv, type CsvReject } from "@/lib/catalog/product-csv";
import { writeInBatches } from "@/lib/catalog/seed";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { getMediaStore } from "@/lib/media";
import { refuseCaller, type Caller } from "./guard";
import type { MediaOpener } from "./product-photo";
import { foreignPhoto, removeDroppedPhotos } from "./product-photos-owned";

/** The largest file taken: a server action's body on Vercel is at most 4.5 MB (lib/security/action-limits.ts). */
export const CATALOGUE_CSV_MAX_BYTES = 4 * 1024 * 1024;
/** How many refusals the page lists; the rest are counted. */
const REJECTS_SHOWN = 100;

export const IMPORT_MESSAGES = {
  noFile: "Choose a CSV file to import.",
  tooLarge: `A file may be at most ${CATALOGUE_CSV_MAX_BYTES / 1024 / 1024} MB: split it, or import it with npm run seed (README).`,
  notUtf8: "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.",
  noRows: "The file names its columns but has no products.",
  refusedWhole: "Nothing was imported: the file cannot be read as the catalogue.",
  rejected: (count: number) =>
    `Nothing was imported: ${count === 1 ? "1 row needs" : `${count.toLocaleString("en-US")} rows need`} fixing first.`,
  stopped: (written: number, total: number) =>
    `The import stopped after ${written.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} products: the store did not answer. Send the same file again: the products already written are written again with the same values.`,
  unread: "Nothing was imported: the store did not answer. Please try again.",
  foreignPhoto: (src: string) =>
    `The photo ${src} was uploaded for another product: upload the file on this product's page instead, so each product keeps its own.`,
  imported: (count: number) => `Imported ${count === 1 ? "1 product" : `${count.toLocaleString("en-US")} products`}.`,
} as const;

export type CatalogueImportResult = { ok: true; message: string } | { ok: false; error: string; rejects: CsvReject[]; moreRejects: number };

type ImportStore = Pick<Store, "getProduct" | "upsertProducts" | "markCatalogChanged">;

/** How many stored products are read at once before a write. */
const READS_AT_ONCE = 16;

const refused = (error: string, rejects: CsvReject[] = []): CatalogueImportResult => ({
  ok: false,
  error,
  rejects: rejects.slice(0, REJECTS_SHOWN),
  moreRejects: Math.max(0, rejects.length - REJECTS_SHOWN),
});

export async function importCatalogueAs(
  caller: Caller,
  form: FormData,
  openStore: () => Promise<ImportStore>,
  openMedia: MediaOpener = getMediaStore,
): Promise<CatalogueImportResult> {
  const refusal = refuseCaller(caller);
  if (refusal) return refused(refusal.error);
  const file = form.get("catalogue");
  if (!(file instanceof File) || file.size === 0) return refused(IMPORT_MESSAGES.noFile);
  if (file.size > CATALOGUE_CSV_MAX_BYTES) return refused(IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refused(IMPORT_MESSAGES.notUtf8);
  }
  const { products, productLines, rejects, refusedWhole } = parseProductCsv(text);
  if (refusedWhole) return refused(IMPORT_MESSAGES.refusedWhole, rejects);
  if (rejects.length > 0) return refused(IMPORT_MESSAGES.rejected(rejects.length), rejects);
  if (products.length === 0) return refused(IMPORT_MESSAGES.noRows);
  let store: ImportStore;
  let stored: Array<Product | null>;
  try {
    store = await openStore();
    stored = await readStored(store, products);
  } catch (error) {
    log.error("admin.catalogue_import_unread", "A catalogue import could not read the products it would replace", error);
    return refused(IMPORT_MESSAGES.unread);
  }
  const foreign = products.flatMap((product, i): CsvReject[] => {
    const src = foreignPhoto(stored[i]?.images ?? [], product.images, null);
    return src === null ? [] : [{ line: productLines[i], reason: IMPORT_MESSAGES.foreignPhoto(src) }];
  });
  if (foreign.length > 0) return refused(IMPORT_MESSAGES.rejected(foreign.length), foreign);
  let written = 0;
  try {
    written = await writeInBatches(store, products, (done) => (written = done));
  } catch (error) {
    log.error("admin.catalogue_import_failed", "A catalogue import stopped part-way", error, { written, total: products.length });
    return refused(IMPORT_MESSAGES.stopped(written, products.length));
  } finally {
    // Batches are written in the file's order: the first `written` products replaced what was read.
    for (let i = 0; i < written; i += 1) await removeDroppedPhotos(openMedia, stored[i]?.images ?? [], products[i].images);
  }
  log.info("admin.catalogue_imported", "A catalogue CSV was imported", { products: written });
  return { ok: true, message: IMPORT_MESSAGES.imported(written) };
}

/** Each product's stored version (null for one not in the store), in the same order, READS_AT_ONCE at a time. */
async function readStored(store: ImportStore, products: readonly Product[]): Promise<Array<Product | null>> {
  const stored: Array<Product | null> = [];
  for (let start = 0; start < products.length; start += READS_AT_ONCE) {
    const batch = products.slice(start, start + READS_AT_ONCE);
    stored.push(...(await Promise.all(batch.map((product) => store.getProduct(product.id)))));
  }
  return stored;
}
