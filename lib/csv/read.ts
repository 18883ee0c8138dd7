/**
 * A CSV file an operator uploads (RFC 4180, as spreadsheets write it),
 * read into rows with the line each starts on (a quoted cell may hold line
 * breaks), every cell restored from the export's formula guard
 * (formula-cells.ts). Its first row names the columns; an empty line is no
 * row (so a file the shop writes has more than one column). A file that is not
 * such CSV is one reason in words, with its line.
 */
import { CsvError, parse } from "csv-parse/sync";
import { restoreCell } from "./formula-cells";

export interface CsvRow {
  /** 1-based line of the file the row starts on. */
  line: number;
  /** The row's cells by column name (a cell past the named columns as "column N"). */
  cells: Record<string, string>;
  /** How many cells the row has, to compare with the columns named. */
  width: number;
}

export type CsvRead = { ok: true; columns: string[]; rows: CsvRow[] } | { ok: false; line: number; reason: string };

type Parsed = { record: string[]; info: { bytes: number } };

const NEWLINE = 0x0a;
const RETURN = 0x0d;

export function readCsv(text: string): CsvRead {
  const bytes = Buffer.from(text.replace(/^\uFEFF/, ""), "utf8");
  let records: Parsed[];
  try {
    // With `info`, each record comes as { record, info }: csv-parse's types do not say so.
    records = parse(bytes, { info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as Parsed[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { ok: false, line: (error as CsvError & { lines?: number }).lines ?? 1, reason: reasonOf(error) };
  }
  if (records.length === 0) return { ok: false, line: 1, reason: "The file is empty: its first line names the columns." };
  const columns = records[0].record.map((name) => name.trim());
  const lines = new LineCounter(bytes);
  const rows = records.slice(1).map(({ record }, index) => ({
    line: lines.startOfRecordAfter(records[index].info.bytes),
    cells: Object.fromEntries(record.map((cell, at) => [columns[at] ?? `column ${at + 1}`, restoreCell(cell)])),
    width: record.length,
  }));
  return { ok: true, columns, rows };
}

function reasonOf(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "A quoted cell is never closed: a cell that starts with a quote ends with one.";
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'A quote inside a cell: write such a cell in quotes, each quote in it doubled ("").';
    default:
      return `This is not CSV the shop can read (${error.message}).`;
  }
}

/** Lines of the file counted once, front to back, as its records are read in order. */
class LineCounter {
  private at = 0;
  private line = 1;
  constructor(private readonly bytes: Buffer) {}

  /** The line a record starts on: after what the record before it took (`after`, in bytes), past any empty lines. */
  startOfRecordAfter(after: number): number {
    let start = after;
    while (this.bytes[start] === NEWLINE || this.bytes[start] === RETURN) start++;
    for (; this.at < start; this.at++) {
      const byte = this.bytes[this.at];
      if (byte === NEWLINE || (byte === RETURN && this.bytes[this.at + 1] !== NEWLINE)) this.line++;
    }
    return this.line;
  }
}
