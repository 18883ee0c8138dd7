import { connection } from "next/server";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { csvDownload } from "@/lib/admin/csv-download";
import { adminDownloader } from "@/lib/admin/download-guard";
import { openDeskStore } from "@/lib/admin/orders/desk-store";
import { ORDER_CSV_COLUMNS, orderCsvRows, parseOrderExportRange, type OrderExportRange } from "@/lib/admin/orders/order-csv";
import { readOrdersPlacedInPages } from "@/lib/admin/orders/order-reads";

/**
 * GET /admin-entry/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders
 * placed on those UTC days as a CSV file for the accountant
 * (lib/admin/orders/order-csv.ts), the order desk's GET form's answer; for
 * admins only (lib/admin/download-guard.ts; proxy.ts is the first gate),
 * streamed a page of orders at a time (lib/admin/csv-download.ts). A range
 * it cannot read is a 400 in words.
 */
export async function GET(request: Request): Promise<Response> {
  await connection();
  const url = new URL(request.url);
  const admin = await adminDownloader("orders export", `/admin-entry/orders${url.search}`);
  if (admin instanceof Response) return admin;
  const range = parseOrderExportRange(url.searchParams);
  if ("error" in range) {
    return new Response(`${range.error}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return csvDownload({
    what: "the orders",
    fileName: `storefront-orders-${range.from}-to-${range.to}`,
    columns: ORDER_CSV_COLUMNS,
    pages: rowsOf(admin, range),
  });
}

async function* rowsOf(admin: AdminProof, range: OrderExportRange): AsyncGenerator<string[][]> {
  for await (const orders of readOrdersPlacedInPages(admin, range, openDeskStore)) yield orders.flatMap(orderCsvRows);
}
