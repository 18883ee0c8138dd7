"use server";

import { catalogVersionBeforeWrite, expireChangesSince } from "@/lib/catalog/invalidate";
import { getStore } from "@/lib/data";
import { importCatalogueAs, type CatalogueImportResult } from "@/lib/admin/catalogue-import";
import { requestCaller } from "@/lib/admin/request-caller";

/**
 * Imports the products of a CSV file from the products page. Trusts nothing
 * from the browser: Origin and an admin session are checked again here
 * (proxy.ts is the first gate). Whatever it wrote is expired here at once
 * (lib/catalog/invalidate.ts), also what an import that stopped part-way
 * wrote; other instances hear of it through the catalogue's one change.
 */
export async function importCatalogue(_previous: CatalogueImportResult | null, form: FormData): Promise<CatalogueImportResult> {
  const since = await catalogVersionBeforeWrite();
  const result = await importCatalogueAs(await requestCaller("catalogue-import"), form, getStore);
  if (result.ok || result.rejects.length === 0) await expireChangesSince(since);
  return result;
}
