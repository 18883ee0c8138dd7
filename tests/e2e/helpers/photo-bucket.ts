import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The suite shop's photo bucket in the Cloud Storage stand-in, where the
 * Firestore pass keeps photos as a Vercel shop does (scripts/local.mjs writes
 * stand-in.json); null when the shop keeps them in a folder (the SQLite pass).
 */
export function suitePhotoBucket(): { url: string; bucket: string } | null {
  const file = join(process.env.E2E_DATA_DIR ?? ".data-e2e", "storage", "stand-in.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { url: string; bucket: string }) : null;
}

/** The keys of the suite's photo bucket under `prefix`, as the stand-in lists them. */
export async function bucketKeys(bucket: { url: string; bucket: string }, prefix: string): Promise<string[]> {
  const response = await fetch(`${bucket.url}/storage/v1/b/${bucket.bucket}/o?prefix=${encodeURIComponent(prefix)}`);
  const listing = (await response.json()) as { items?: Array<{ name: string }> };
  return (listing.items ?? []).map((item) => item.name);
}
