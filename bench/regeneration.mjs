// Latency of home while the catalogue cache regenerates (issue 13, item 5):
// the same load (ab, 64 connections) twice, once with nothing changing
// (the regeneration outside the window) and once with a catalogue change
// made one second into it by another process, as an import would be: the
// shop's SQLite feed finds it within a second (lib/data/sqlite/catalog-watch.ts),
// expires the cache, and the next request for home renders it again.
import Database from "better-sqlite3";
import { join } from "node:path";
import { measureAb } from "./lib/ab.mjs";

/** A write that changes nothing a shopper sees but counts as a catalogue change (the triggers bump the version). */
function touchCatalogue(dbPath) {
  const db = new Database(dbPath);
  try {
    const { id } = db.prepare("SELECT id FROM products ORDER BY created_at DESC LIMIT 1").get();
    db.prepare("UPDATE products SET name = name WHERE id = ?").run(id);
  } finally {
    db.close();
  }
}

export async function regenerationLatency(baseURL, dataDir, { seconds = 5, warmupSeconds = 1 } = {}) {
  const url = `${baseURL}/`;
  const settings = { connections: 64, seconds, warmupSeconds };
  const quiet = await measureAb(url, settings);
  const timer = setTimeout(() => touchCatalogue(join(dataDir, "storefront.db")), (warmupSeconds + 1) * 1000);
  let changed;
  try {
    changed = await measureAb(url, settings);
  } finally {
    clearTimeout(timer);
  }
  return { quiet, changed };
}
