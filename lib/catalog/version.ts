/**
 * The catalogue's version: a short digest of everything a page shows of it,
 * the same on every server instance for the same catalogue (unlike a
 * timestamp of when an instance last saw a change). Catalogue pages carry
 * the version they were rendered from (`data-catalog-version`); the live
 * stream starts with the current one, so a tab whose stream was closed
 * (hidden, cut) or opened late notices a change it missed and refreshes
 * (components/live/live-updates.tsx).
 */
import { createHash } from "node:crypto";
import type { Product } from "@/lib/data/types";

/** Same catalogue, same version, on every instance. */
export function catalogVersion(catalog: readonly Product[]): string {
  return createHash("sha256").update(JSON.stringify(catalog)).digest("base64url").slice(0, 16);
}
