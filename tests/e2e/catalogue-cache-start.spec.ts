/**
 * A starting server must not serve catalogue pages cached before it started
 * as fresh (lib/catalog/changes.ts, expireCatalogFromBeforeThisProcess): the
 * catalogue cache lives hours, and the build's prerenders (or an earlier
 * process's pages) may predate a seed run while the shop was stopped.
 *
 * A second `next start` of the suite's build on a store of its own, which
 * holds the demo catalogue plus one product the build never saw: its first
 * pages must list that product.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { freshShopConfig, removeShopData, seedDemoCatalogue, seedProducts, startShop, stopShop } from "./helpers/shop-process";

// The load spec's shop takes the suite's port + 50, the two-instance spec's + 60.
const PORT = Number(new URL(baseURL).port) + 70;

test("a shop started on a catalogue newer than its build serves the new catalogue at once", async ({ request }) => {
  test.setTimeout(120_000);
  const config = await freshShopConfig(PORT);
  try {
    await seedDemoCatalogue(config);
    const name = `Unbuilt Lamp ${Date.now().toString(36)}`;
    seedProducts(config, [
      { name, image: "/products/aurora-anc-headphones.webp", price: 12.5, details: "Seeded after the build.", type: "Electronics" },
    ]);

    const shop = await startShop(config);
    try {
      for (const path of ["/", "/electronics"]) {
        // The first request itself may still get the page cached before the
        // start (its tab then refreshes on the live feed's version check);
        // a cache that stayed "fresh" for its hour would never show it.
        await expect
          .poll(async () => (await (await request.get(`${config.url}${path}`)).text()).includes(name), { timeout: 10_000, message: path })
          .toBe(true);
      }
    } finally {
      await stopShop(shop);
    }
  } finally {
    removeShopData(config);
  }
});
