/**
 * The product form's stock field (DECISIONS "Orders": stock is optional per
 * product, kept in its own record, never a product field): blank is "not
 * tracked", otherwise a whole count 0..1,000,000 (the store's
 * stockCountSchema). The edit form also carries the stock as it was when
 * opened (STOCK_OPENED_FIELD), so the store refuses the operator's count when
 * a sale moved the stock since (StockStore.setStock's `expected`).
 * Pure: shared by the add and edit cores and their unit tests.
 */
import type { StockCount } from "@/lib/data/contract/order-store";
import { STOCK_FIELD } from "./product-form";

/** The hidden field with the stock the edit form was opened at ("" when not tracked). */
export const STOCK_OPENED_FIELD = "stockWhenOpened";

/** The most a product's stock may be (the store's own bound). */
const STOCK_MAX = 1_000_000;

export const STOCK_MESSAGES = {
  notWhole: "Stock must be a whole number from 0 to 1,000,000, or blank when not tracked",
  tooMany: "Stock must be at most 1,000,000",
} as const;

export type ParsedStock = { ok: true; count: StockCount } | { ok: false; error: string };

/** The stock as typed: blank (spaces only) is not tracked; digits only otherwise, at most STOCK_MAX. */
export function parseStockText(text: string): ParsedStock {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, count: null };
  // Number("1e3") is 1000 and Number("0x10") 16: a stock is plain digits.
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: STOCK_MESSAGES.notWhole };
  if (trimmed.length > 7 || Number(trimmed) > STOCK_MAX) return { ok: false, error: STOCK_MESSAGES.tooMany };
  return { ok: true, count: Number(trimmed) };
}

interface FormLike {
  get(name: string): unknown;
}

/**
 * The posted stock field: null when the form has none (the stock is then
 * left as it is), else its count or its error (a file where text belongs
 * is no number).
 */
export function readStockField(form: FormLike): ParsedStock | null {
  const value = form.get(STOCK_FIELD);
  if (value === null) return null;
  return typeof value === "string" ? parseStockText(value) : { ok: false, error: STOCK_MESSAGES.notWhole };
}

/**
 * The stock the edit form was opened at: null when it was not tracked (or
 * the form carries none), undefined when the hidden field is malformed (the
 * form was not made by this shop).
 */
export function stockWhenOpened(form: FormLike): StockCount | undefined {
  const value = form.get(STOCK_OPENED_FIELD);
  if (value === null) return null;
  if (typeof value !== "string") return undefined;
  const parsed = parseStockText(value);
  return parsed.ok && value.trim() === value ? parsed.count : undefined;
}
