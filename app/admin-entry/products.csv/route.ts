import { connection } from "next/server";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { readCatalogueInPages } from "@/lib/admin/admin-reads";
import { csvDownload } from "@/lib/admin/csv-download";
import { adminDownloader } from "@/lib/admin/download-guard";
import { PRODUCT_CSV_COLUMNS, productCsvRow } from "@/lib/catalog/product-csv";

/**
 * GET /admin-entry/products.csv: the catalogue as a CSV file that the
 * products page's import takes back unchanged (lib/catalog/product-csv.ts),
 * for admins only (lib/admin/download-guard.ts; proxy.ts is the first gate),
 * streamed a page of products at a time (lib/admin/csv-download.ts).
 */
export async function GET(): Promise<Response> {
  await connection();
  const admin = await adminDownloader("catalogue export", "/admin-entry/products");
  if (admin instanceof Response) return admin;
  return csvDownload({
    what: "the catalogue",
    fileName: `storefront-catalogue-${new Date().toISOString().slice(0, 10)}`,
    columns: PRODUCT_CSV_COLUMNS,
    pages: rowsOf(admin),
  });
}

async function* rowsOf(admin: AdminProof): AsyncGenerator<string[][]> {
  for await (const products of readCatalogueInPages(admin)) yield products.map(productCsvRow);
}
