/**
 * The demo catalogue shipped in data/demo-products.json, as products with
 * fixed ids and timestamps, so seeding twice writes the same rows and the home
 * page shows them in the file's order (first record newest).
 */
import "server-only";
import demo from "@/data/demo-products.json";
import { parseProductImport } from "./import";
import type { Product } from "@/lib/data/contract/catalog";

/** 2026-01-01T00:00:00Z: fixed so a re-seed never reorders or duplicates anything. */
const DEMO_EPOCH = Date.UTC(2026, 0, 1);

export function demoProducts(): Product[] {
  const { products, rejects } = parseProductImport(demo, DEMO_EPOCH);
  if (rejects.length > 0) {
    // The file ships with the code; a bad record is a bug to fix, not to skip.
    throw new Error(`data/demo-products.json is invalid: ${JSON.stringify(rejects)}`);
  }
  return products;
}
