/**
 * An admin's CSV export as the answer to a GET (the catalogue, the orders):
 * the first page of rows read before the answer starts, so a store that does
 * not answer is a 503 in words rather than a cut file; then the rest
 * streamed, a page per read. A failure part-way cuts the download, which
 * the browser reports as failed, rather than saving part of it as whole.
 */
import "server-only";
import { isStoreError } from "@/lib/data/contract/errors";
import { CSV_BOM, CSV_HEADERS, csvLines } from "@/lib/csv/write";
import { log } from "@/lib/log";

interface CsvDownload {
  /** What is exported, for the log and the words of a 503 ("the catalogue"). */
  what: string;
  /** The file's name as saved, without ".csv". */
  fileName: string;
  columns: readonly string[];
  /** The rows, a page at a time. */
  pages: AsyncGenerator<string[][]>;
}

export async function csvDownload({ what, fileName, columns, pages }: CsvDownload): Promise<Response> {
  let pending: IteratorResult<string[][]> | null;
  try {
    pending = await pages.next();
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("admin.export_unavailable", "An export was not made: the store did not answer", { what }, error);
    return new Response(`${what[0].toUpperCase()}${what.slice(1)} cannot be read right now. Please try again in a moment.\n`, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "Retry-After": "5" },
    });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLines([[...columns]])));
    },
    async pull(controller) {
      try {
        const page = pending ?? (await pages.next());
        pending = null;
        if (page.done) return controller.close();
        controller.enqueue(encoder.encode(csvLines(page.value)));
      } catch (error) {
        log.error("admin.export_failed", "An export stopped part-way: the download was cut", error, { what });
        controller.error(error);
      }
    },
  });
  return new Response(body, { headers: { ...CSV_HEADERS, "Content-Disposition": `attachment; filename="${fileName}.csv"` } });
}
