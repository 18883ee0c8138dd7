import { connection } from "next/server";
import { readCatalogueInPages } from "@/lib/admin/admin-reads";
import { adminDownloader } from "@/lib/admin/download-guard";
import { PRODUCT_CSV_COLUMNS, productCsvRow } from "@/lib/catalog/product-csv";
import type { Product } from "@/lib/data/contract/catalog";
import { isStoreError } from "@/lib/data/contract/errors";
import { CSV_BOM, CSV_HEADERS, csvLines } from "@/lib/csv/write";
import { log } from "@/lib/log";

/**
 * GET /admin-entry/products.csv: the catalogue as a CSV file that the
 * products page's import takes back unchanged (lib/catalog/product-csv.ts),
 * for admins only (lib/admin/download-guard.ts; proxy.ts is the first gate).
 * Streamed a page of products at a time; the first page is read before the
 * answer starts, so a store that does not answer is a 503, not a cut file.
 */
export async function GET(): Promise<Response> {
  await connection();
  const admin = await adminDownloader("catalogue export", "/admin-entry/products");
  if (admin instanceof Response) return admin;
  const pages = readCatalogueInPages(admin);
  let pending: IteratorResult<Product[]> | null;
  try {
    pending = await pages.next();
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("admin.export_unavailable", "A catalogue export was not made: the store did not answer", undefined, error);
    return new Response("The catalogue cannot be read right now. Please try again in a moment.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "Retry-After": "5" },
    });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLines([[...PRODUCT_CSV_COLUMNS]])));
    },
    async pull(controller) {
      try {
        const page = pending ?? (await pages.next());
        pending = null;
        if (page.done) return controller.close();
        controller.enqueue(encoder.encode(csvLines(page.value.map(productCsvRow))));
      } catch (error) {
        // The file is cut: the browser reports the download failed, rather than saving half a catalogue as whole.
        log.error("admin.export_failed", "A catalogue export stopped part-way", error);
        controller.error(error);
      }
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: { ...CSV_HEADERS, "Content-Disposition": `attachment; filename="storefront-catalogue-${day}.csv"` },
  });
}
