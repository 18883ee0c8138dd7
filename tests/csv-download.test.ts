/**
 * An admin's CSV download (lib/admin/csv-download.ts): the header and every
 * page of rows; a store that does not answer the first read is a 503 in
 * words, not a file; a failure part-way cuts the file and is logged.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { csvDownload } from "@/lib/admin/csv-download";
import { StoreError } from "@/lib/data/contract/errors";
import { captureLogLines } from "@/lib/log/sink";

async function* pagesOf(pages: string[][][], failAt?: { page: number; error: Error }): AsyncGenerator<string[][]> {
  for (const [index, page] of pages.entries()) {
    if (failAt?.page === index) throw failAt.error;
    yield page;
  }
}

const download = (pages: AsyncGenerator<string[][]>) =>
  csvDownload({ what: "the orders", fileName: "orders-x", columns: ["a", "b"], pages });

test("the header and each page, with its name and no cache", async () => {
  const response = await download(pagesOf([[["1", "=2"]], [["3", "4"]]]));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-disposition"), 'attachment; filename="orders-x.csv"');
  assert.equal(response.headers.get("cache-control"), "private, no-store");
  // Decoded keeping the byte-order mark a spreadsheet reads the file's encoding from (text() drops it).
  const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  assert.equal(body, "\uFEFFa,b\r\n1,'=2\r\n3,4\r\n");
});

test("a store that does not answer the first read is a 503 in words, logged as a warning", async () => {
  const logs = captureLogLines();
  let response: Response;
  try {
    response = await download(pagesOf([[["1", "2"]]], { page: 0, error: new StoreError("unavailable", "down") }));
  } finally {
    logs.restore();
  }
  assert.equal(response.status, 503);
  assert.equal(await response.text(), "The orders cannot be read right now. Please try again in a moment.\n");
  assert.deepEqual(
    logs.lines.map((line) => [line.level, line.kind]),
    [["warn", "admin.export_unavailable"]],
  );
});

test("a failure part-way cuts the file, and is logged", async () => {
  const logs = captureLogLines();
  try {
    const response = await download(pagesOf([[["1", "2"]], [["3", "4"]]], { page: 1, error: new StoreError("unavailable", "down") }));
    assert.equal(response.status, 200);
    await assert.rejects(response.text(), /down/);
  } finally {
    logs.restore();
  }
  assert.deepEqual(
    logs.lines.map((line) => [line.level, line.kind]),
    [["error", "admin.export_failed"]],
  );
});
