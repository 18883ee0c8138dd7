/**
 * Turns an operator's JSON file of products into validated products, one
 * verdict per record. Accepts the shop's clean field names or the original
 * app's Firestore names (productName, productPrize…), so an export of the old
 * catalogue imports as is.
 */
import "server-only";
import { createHash } from "node:crypto";
import { inCents, productInDollarsSchema } from "@/lib/data/contract/catalog";
import type { Product } from "@/lib/data/contract/catalog";
import { storedImages } from "@/lib/data/rules/product-fields";

interface ImportReject {
  /** 1-based position of the record in the file. */
  position: number;
  reason: string;
}

interface ImportResult {
  products: Product[];
  rejects: ImportReject[];
}

/** Imported records without a createdAt keep the file's order: first record newest. */
export function parseProductImport(json: unknown, now: number = Date.now()): ImportResult {
  const records = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.products) ? json.products : null;
  if (!records) {
    return { products: [], rejects: [{ position: 0, reason: 'expected a JSON array of products (or { "products": [...] })' }] };
  }
  const products: Product[] = [];
  const rejects: ImportReject[] = [];
  const seen = new Map<string, number>();
  records.forEach((record: unknown, index: number) => {
    const position = index + 1;
    if (!isRecord(record)) {
      rejects.push({ position, reason: "not an object" });
      return;
    }
    const candidate = normalise(record, now - index);
    const parsed = productInDollarsSchema.safeParse(candidate);
    if (!parsed.success) {
      const reason = parsed.error.issues.map((issue) => `${issue.path.join(".") || "record"}: ${issue.message}`).join("; ");
      rejects.push({ position, reason });
      return;
    }
    const product = inCents(parsed.data);
    const earlier = seen.get(product.id);
    if (earlier !== undefined) {
      rejects.push({ position, reason: `duplicate id "${product.id}" (first at position ${earlier})` });
      return;
    }
    seen.set(product.id, position);
    products.push(product);
  });
  return { products, rejects };
}

function normalise(record: Record<string, unknown>, fallbackCreatedAt: number): Record<string, unknown> {
  const pick = (clean: string, legacy: string) => record[clean] ?? record[legacy];
  const name = pick("name", "productName");
  const type = pick("type", "productType");
  const rawPrice = pick("price", "productPrize");
  return {
    // Without an id, one is derived from name and type so a re-import updates instead of duplicating.
    id: record.id ?? (typeof name === "string" && typeof type === "string" ? stableId(name, type) : undefined),
    name,
    images: importedImages(pick("images", "productImages"), pick("image", "productImage"), name),
    // Only plain decimals ("12.50") count as numbers; "0x10" or "1e2" stay text and are rejected.
    price: typeof rawPrice === "string" && /^\s*\d+(\.\d+)?\s*$/.test(rawPrice) ? Number(rawPrice) : rawPrice,
    details: pick("details", "productDetails"),
    type,
    createdAt: record.createdAt ?? fallbackCreatedAt,
  };
}

/**
 * A record's images: its list (each an address, or { src, alt }) or its one
 * image. An image given without alt text takes the product's name, as the
 * admin form prefills it; alt text given empty is refused by the schema.
 */
function importedImages(list: unknown, single: unknown, name: unknown): unknown {
  const images = storedImages(list, single, name);
  if (!Array.isArray(images)) return images;
  return images.map((image: unknown) => {
    if (typeof image === "string") return { src: image, alt: name };
    return isRecord(image) && image.alt === undefined ? { ...image, alt: name } : image;
  });
}

function stableId(name: string, type: string): string {
  return "imp-" + createHash("sha256").update(`${type}\u0000${name.trim().toLowerCase()}`).digest("hex").slice(0, 20);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
