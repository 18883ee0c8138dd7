/**
 * npm run seed                 load the demo catalogue (idempotent)
 * npm run seed -- FILE.json    import an operator's products, rejecting bad records
 * npm run seed -- --if-empty   load the demo catalogue only into an empty store
 *
 * Writes to whichever backend the environment configures (lib/data/index.ts).
 * Exit code: 0 when everything was written, 1 when any record was rejected or
 * the write failed, 2 for a bad command line or unreadable file.
 */
import { readFile } from "node:fs/promises";
import { demoProducts } from "@/lib/catalog/demo";
import { parseProductImport } from "@/lib/catalog/import";
import { requestRevalidation } from "@/lib/catalog/revalidate-request";
import { writeInBatches } from "@/lib/catalog/seed";
import { getStore } from "@/lib/data";
import { serverEnv, siteUrl } from "@/lib/env";

function progressBar(written: number, total: number): void {
  const width = 30;
  const filled = total === 0 ? width : Math.round((written / total) * width);
  const line = `Seeding [${"#".repeat(filled)}${".".repeat(width - filled)}] ${written}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${written === total ? "\n" : ""}`);
  else console.log(line);
}

async function main(argv: string[]): Promise<number> {
  const ifEmpty = argv.includes("--if-empty");
  const files = argv.filter((a) => !a.startsWith("--"));
  if (files.length > 1 || argv.some((a) => a.startsWith("--") && a !== "--if-empty")) {
    console.error("usage: npm run seed [-- FILE.json | -- --if-empty]");
    return 2;
  }

  let products = demoProducts();
  let rejected = 0;
  if (files.length === 1) {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(files[0], "utf8"));
    } catch (error) {
      console.error(`Cannot read ${files[0]}: ${(error as Error).message}`);
      return 2;
    }
    const result = parseProductImport(json);
    for (const reject of result.rejects) console.error(`rejected record ${reject.position}: ${reject.reason}`);
    products = result.products;
    rejected = result.rejects.length;
  }

  const store = await getStore();
  try {
    if (ifEmpty && (await store.countProducts(null)) > 0) {
      console.log(`The ${store.kind} store already has products; nothing seeded.`);
      return 0;
    }
    const written = await writeInBatches(store, products, progressBar);
    console.log(`Wrote ${written} products to the ${store.kind} store; rejected ${rejected}.`);
    if (written > 0) await tellTheShop();
    return rejected > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}

/**
 * With REVALIDATE_SECRET set, asks the running shop (SITE_URL) to expire its
 * cached catalogue, once: on Vercel its shared caches and CDN learn of the
 * import only this way. Self-hosted instances also learn it from the store.
 */
async function tellTheShop(): Promise<void> {
  const env = serverEnv();
  if (!env.REVALIDATE_SECRET) return;
  const site = siteUrl(env);
  const outcome = await requestRevalidation(site, env.REVALIDATE_SECRET);
  if (outcome.ok) console.log(`Told the shop at ${site} that the catalogue changed.`);
  else
    console.error(
      `Could not tell the shop at ${site} that the catalogue changed (${outcome.reason}); once it is reachable, run: npm run admin -- catalog-changed`,
    );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
