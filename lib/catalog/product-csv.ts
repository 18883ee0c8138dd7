/**
 * The catalogue as a CSV file, both ways: the admin's export writes each
 * product as a row, and the admin's import reads such rows back through the
 * command-line import's rules (import.ts), so an export imports back
 * unchanged. One row per product; its images in pairs of columns (image1,
 * image1Alt … image8, image8Alt), the first its card image; its price in
 * dollars ("12.50"); createdAt as an ISO 8601 time. Stock is not a column:
 * it is the stock page's, and a sale between an export and its import would
 * be undone.
 */
import "server-only";
import type { Product } from "@/lib/data/contract/catalog";
import { LIMITS } from "@/lib/data/contract/limits";
import { readCsv } from "@/lib/csv/read";
import { centsAsDecimal } from "@/lib/money";
import { parseProductImport } from "./import";

const IMAGE_NUMBERS = Array.from({ length: LIMITS.imagesMax }, (_, index) => index + 1);
const REQUIRED = ["name", "type", "price", "details", "image1"] as const;
export const PRODUCT_CSV_COLUMNS = [
  "id",
  "name",
  "type",
  "price",
  "details",
  "createdAt",
  ...IMAGE_NUMBERS.flatMap((n) => [`image${n}`, `image${n}Alt`]),
] as const;

export function productCsvRow(product: Product): string[] {
  const images = IMAGE_NUMBERS.flatMap((n) => {
    const image = product.images[n - 1];
    return image ? [image.src, image.alt] : ["", ""];
  });
  const { id, name, type, priceCents, details, createdAt } = product;
  return [id, name, type, centsAsDecimal(priceCents), details, new Date(createdAt).toISOString(), ...images];
}

export interface CsvReject {
  /** 1-based line of the file the row starts on. */
  line: number;
  reason: string;
}

export interface ProductCsvRead {
  products: Product[];
  /** The 1-based line each of `products` starts on, in the same order. */
  productLines: number[];
  rejects: CsvReject[];
  /** The file itself was refused (not CSV, or the wrong columns): its one reject says why, and no row was read. */
  refusedWhole: boolean;
}

/** The products of a CSV file, or each row's reason not to take it, with its line (import.ts's rules). */
export function parseProductCsv(text: string, now: number = Date.now()): ProductCsvRead {
  const read = readCsv(text);
  if (!read.ok) return { products: [], productLines: [], rejects: [{ line: read.line, reason: read.reason }], refusedWhole: true };
  const wrongColumns = columnsProblem(read.columns);
  if (wrongColumns) return { products: [], productLines: [], rejects: [{ line: 1, reason: wrongColumns }], refusedWhole: true };
  const rejects: CsvReject[] = [];
  const taken: { line: number; record: Record<string, unknown> }[] = [];
  for (const row of read.rows) {
    if (row.width !== read.columns.length) {
      rejects.push({ line: row.line, reason: `This row has ${row.width} cells; the first line names ${read.columns.length} columns.` });
      continue;
    }
    const record = recordOf(row.cells);
    if (typeof record === "string") rejects.push({ line: row.line, reason: record });
    else taken.push({ line: row.line, record });
  }
  const parsed = parseProductImport(
    taken.map((row) => row.record),
    now,
  );
  for (const reject of parsed.rejects) {
    rejects.push({ line: taken[reject.position - 1].line, reason: inColumnNames(reject.reason) });
  }
  // The import keeps the records it takes in their order, leaving out those it refused.
  const refusedAt = new Set(parsed.rejects.map((reject) => reject.position));
  const productLines = taken.filter((_, index) => !refusedAt.has(index + 1)).map((row) => row.line);
  return { products: parsed.products, productLines, rejects: rejects.sort((a, b) => a.line - b.line), refusedWhole: false };
}

function columnsProblem(columns: string[]): string | null {
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const unknown = columns.filter((column) => !known.has(column));
  if (unknown.length > 0)
    return `Unknown column ${unknown.map((c) => `"${c}"`).join(", ")}: the columns are ${PRODUCT_CSV_COLUMNS.join(", ")}.`;
  const twice = columns.find((column, index) => columns.indexOf(column) !== index);
  if (twice) return `The column "${twice}" is named twice.`;
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  return missing.length > 0 ? `Missing column ${missing.map((c) => `"${c}"`).join(", ")}.` : null;
}

/** A row as the import's record (clean field names), or the reason it is none. */
function recordOf(cells: Record<string, string>): Record<string, unknown> | string {
  const images: { src: string; alt?: string }[] = [];
  for (const n of IMAGE_NUMBERS) {
    const src = cells[`image${n}`] ?? "";
    const alt = cells[`image${n}Alt`] ?? "";
    if (src === "" && alt !== "") return `image${n}Alt has words but image${n} has no image.`;
    if (src === "") continue;
    if (images.length < n - 1) return `image${n} follows an empty image${n - 1}: list a product's images from image1 on.`;
    images.push(alt === "" ? { src } : { src, alt });
  }
  const createdAt = cells.createdAt ?? "";
  const time = createdAt === "" ? undefined : Date.parse(createdAt);
  if (Number.isNaN(time))
    return `createdAt "${createdAt.slice(0, 40)}" is not a time: write it as 2026-12-03T10:00:00.000Z, or leave it empty.`;
  return {
    ...(cells.id ? { id: cells.id } : {}),
    name: cells.name,
    type: cells.type,
    price: cells.price,
    details: cells.details,
    images,
    ...(time !== undefined ? { createdAt: time } : {}),
  };
}

/** The import's reasons name fields (images.1.alt); the file's rows name columns (image2Alt). */
function inColumnNames(reason: string): string {
  return reason
    .replace(/\bimages\.(\d+)\.src\b/g, (_, index: string) => `image${Number(index) + 1}`)
    .replace(/\bimages\.(\d+)\.alt\b/g, (_, index: string) => `image${Number(index) + 1}Alt`)
    .replace(/\bimages\.(\d+)\b/g, (_, index: string) => `image${Number(index) + 1}`);
}
