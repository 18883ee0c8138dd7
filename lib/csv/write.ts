/**
 * Lines of a CSV file the shop exports (RFC 4180: comma-separated, fields
 * quoted where they need it, CRLF line ends, as spreadsheets write them),
 * every cell neutralised against formulas (formula-cells.ts).
 */
import { stringify } from "csv-stringify/sync";
import { neutraliseCell } from "./formula-cells";

export function csvLines(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutraliseCell)),
    // csv-stringify quotes a cell holding the line end it writes, not a bare \n or \r: those are quoted too.
    { record_delimiter: "\r\n", quoted_match: /[\r\n]/ },
  );
}

/** What opens an exported file: a byte-order mark, so a spreadsheet reads it as UTF-8. */
export const CSV_BOM = "\uFEFF";

export const CSV_HEADERS = { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "private, no-store" } as const;
