import { expect, test } from "@playwright/test";
import {
  addOnce,
  addToCartActionId,
  cookieless,
  describeFigures,
  figures,
  lineKey,
  ownerOf,
  planShoppers,
  runShoppers,
  seededRandom,
  tally,
  type AddOutcome,
  type Shopper,
} from "./helpers/cart-load";
import { cartLinesOf, type CartLine } from "./helpers/db";
import { integrityCheckAt } from "./helpers/db-sqlite";
import {
  freshShopConfig,
  healthy,
  killShop,
  removeShopData,
  seedDemoCatalogue,
  startShop,
  stopShop,
  type ShopConfig,
  type ShopProcess,
} from "./helpers/shop-process";
import { baseURL } from "../../playwright.config";
import { demoProducts, e2eBackend } from "./support";

/**
 * Issue 6 (reliability): cart writes through the real HTTP server, on a shop
 * process of its own (the suite's build, its own port and store: a SQLite file,
 * or a project of its own on the Firestore pass's emulator), so killing it
 * leaves the shared e2e server and its catalogue alone.
 *
 * Shoppers are guests with their own cookie jars calling the addToCartAction server
 * action; an add is acknowledged when its answer arrived as `{ ok: true }`.
 */
const SHOP_PORT = new URL(baseURL).port ? Number(new URL(baseURL).port) + 50 : 3150;
const SHOPPERS = 50;
const ADDS_EACH = 10;
const KILL_ROUNDS = 3;
const PRODUCT_IDS = demoProducts.map((product) => product.id);
// A fresh plan each run; E2E_LOAD_SEED replays a failing one.
const SEED = Number(process.env.E2E_LOAD_SEED ?? Math.floor(Math.random() * 2 ** 32));

/** A fresh shop on SHOP_PORT with the demo catalogue, stopped and removed after `body` whatever happens. */
async function withOwnShop(body: (config: ShopConfig, shop: { current: ShopProcess }) => Promise<void>) {
  const config = await freshShopConfig(SHOP_PORT);
  try {
    await seedDemoCatalogue(config);
    const shop = { current: await startShop(config) };
    try {
      await body(config, shop);
    } finally {
      await stopShop(shop.current);
    }
  } finally {
    removeShopData(config);
  }
}

/** Cart lines as comparable rows: [owner, product, quantity], sorted. */
function rows(lines: Iterable<{ owner: string; productId: string; quantity: number }>): Array<[string, string, number]> {
  return [...lines]
    .map((l): [string, string, number] => [l.owner, l.productId, l.quantity])
    .sort((a, b) => (lineKey(a[0], a[1]) < lineKey(b[0], b[1]) ? -1 : 1));
}

function quantities(lines: readonly CartLine[]): Map<string, number> {
  return new Map(lines.map((line) => [lineKey(line.owner, line.productId), line.quantity]));
}

function failuresOf(outcomes: readonly AddOutcome[]): string[] {
  return outcomes.filter((o) => !o.acknowledged).map((o) => `${o.shopper.name} ${o.productId}: ${o.failure}`);
}

test.describe("cart writes through the real server", () => {
  test("load: 50 shoppers adding 500 items at once; every acknowledged add is counted exactly once", async () => {
    // Generous (correctness, not speed): a Firestore add is a transaction on the emulator.
    test.setTimeout(240_000);
    console.log(`load-and-crash seed ${SEED} (E2E_LOAD_SEED replays it)`);
    await withOwnShop(async (config) => {
      const id = addToCartActionId();
      const shoppers = planShoppers(SHOPPERS, ADDS_EACH, PRODUCT_IDS, seededRandom(SEED));

      const started = performance.now();
      const outcomes = await runShoppers(config.url, id, shoppers);
      const seconds = (performance.now() - started) / 1000;
      console.log(describeFigures(`load (${SHOPPERS} shoppers)`, figures(outcomes, seconds)));

      // Nothing was killed: every add must have been acknowledged.
      expect(outcomes).toHaveLength(SHOPPERS * ADDS_EACH);
      expect(failuresOf(outcomes)).toEqual([]);
      const owners = shoppers.map(ownerOf);
      expect(owners.every(Boolean), "every shopper received its cart cookie").toBe(true);
      expect(new Set(owners).size, "one cart per shopper").toBe(SHOPPERS);

      // The database holds exactly the acknowledged adds: one line per (shopper, product),
      // its quantity the number of adds, and no line anyone else wrote.
      const expected = [...tally(outcomes).values()];
      const lines = await cartLinesOf(config.store);
      expect(rows(lines)).toEqual(rows(expected.map((l) => ({ ...l, quantity: l.acknowledged }))));
      expect(new Set(lines.map((line) => line.owner)).size).toBe(SHOPPERS);
      expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(SHOPPERS * ADDS_EACH);

      // `created` answers "did this add start the line?": true exactly once per line.
      const createdCounts = expected.filter((line) => line.created !== 1).map((l) => `${l.owner} ${l.productId}: ${l.created}`);
      expect(createdCounts).toEqual([]);
    });
  });

  const reopens = e2eBackend === "sqlite" ? " and the database reopens cleanly" : "";
  test(`crash: SIGKILL under load loses no acknowledged add${reopens}`, async () => {
    // On Firestore the database is the emulator, which the kill does not touch: the
    // round checks what the shop had acknowledged, as on SQLite, without the file check.
    // About a minute on a busy two-core machine (more on Firestore); the bound leaves room, and every wait inside is bounded too.
    test.setTimeout(400_000);
    console.log(`load-and-crash seed ${SEED} (E2E_LOAD_SEED replays it)`);
    const random = seededRandom(SEED ^ 0x5eed);
    await withOwnShop(async (config, shop) => {
      const id = addToCartActionId();
      // After each round, every line is known exactly; later rounds must not change them.
      let settled = new Map<string, number>();
      // Acks are counted as answers are decoded, which can lag the server: a round may see
      // its kill land after most answers were already sent. Across rounds, some must be cut.
      let cutInFlight = 0;

      for (let round = 1; round <= KILL_ROUNDS; round++) {
        const shoppers = planShoppers(SHOPPERS, ADDS_EACH, PRODUCT_IDS, random).map((s) => ({ ...s, name: `r${round}-${s.name}` }));

        // The load, with the server's process group SIGKILLed once half the adds were acknowledged.
        let acknowledged = 0;
        let kill: Promise<void> | null = null;
        const victim = shop.current;
        const started = performance.now();
        const outcomes = await runShoppers(config.url, id, shoppers, (outcome) => {
          if (outcome.acknowledged) acknowledged += 1;
          if (!kill && acknowledged >= (SHOPPERS * ADDS_EACH) / 2) kill = killShop(victim);
        });
        const seconds = (performance.now() - started) / 1000;
        expect(kill, "the server was killed mid-load").not.toBeNull();
        cutInFlight += outcomes.length - acknowledged;
        await kill;

        const restartStarted = performance.now();
        shop.current = await startShop(config);
        const restartMs = performance.now() - restartStarted;

        // The file the kill left behind is sound and the restarted server serves from it.
        if (config.store.kind === "sqlite") expect(integrityCheckAt(config.store.path)).toBe("ok");
        expect(await healthy(config.url)).toBe(true);

        const after = quantities(await cartLinesOf(config.store));
        const ledger = tally(outcomes);
        const figuresLine = describeFigures(`crash round ${round}`, figures(outcomes, seconds));

        // Earlier rounds' lines are exactly as they were.
        for (const [key, quantity] of settled) expect(after.get(key), `earlier line ${key}`).toBe(quantity);

        // Every acknowledged add is there; an add whose answer was lost may be too, nothing more.
        const outOfBounds: string[] = [];
        let committedUnanswered = 0;
        for (const [key, line] of ledger) {
          const quantity = after.get(key) ?? 0;
          if (quantity < line.acknowledged || quantity > line.attempted) {
            outOfBounds.push(`${line.owner} ${line.productId}: ${quantity} not in [${line.acknowledged}, ${line.attempted}]`);
          }
          committedUnanswered += quantity - line.acknowledged;
          if (line.created > 1) outOfBounds.push(`${line.owner} ${line.productId}: created ${line.created} times`);
        }
        expect(outOfBounds).toEqual([]);

        // Lines of owners nobody knows can only come from first adds whose answer (and cookie) was lost.
        const known = new Set([...settled.keys(), ...ledger.keys()]);
        const strays = [...after].filter(([key]) => !known.has(key));
        const lostFirstAdds = cookieless(outcomes);
        expect(strays.length).toBeLessThanOrEqual(lostFirstAdds.length);
        expect(strays.every(([, quantity]) => quantity === 1)).toBe(true);

        console.log(
          `${figuresLine}; killed after ${acknowledged} acks, ${outcomes.length - acknowledged} not acknowledged ` +
            `(${committedUnanswered} of them committed, ${strays.length} cookieless), restart ${restartMs.toFixed(0)} ms`,
        );

        // The restarted server takes new adds and counts them exactly.
        await addAfterRestart(config, id, shoppers.filter((s) => ownerOf(s)).slice(0, 5), after);
        settled = quantities(await cartLinesOf(config.store));
      }
      expect(cutInFlight, "the kills cut some adds in flight").toBeGreaterThan(0);
    });
  });
});

const UNAVAILABLE_RETRY = { pauseMs: 3_000, untilMs: 120_000 };

/**
 * Adds answered "unavailable" are sent again, as the shopper told to try again
 * in a moment would. On Firestore a cart line the killed server was writing
 * stays locked until the database drops that server's open transaction; until
 * then the restarted shop answers "unavailable" within its bounded time. Such
 * an answer must have written nothing: the exact counts afterwards hold it to that.
 */
async function pressAgainWhileUnavailable(config: ShopConfig, id: string, outcomes: AddOutcome[]): Promise<AddOutcome[]> {
  const unavailable = (o: AddOutcome) => !o.acknowledged && (o.failure ?? "").startsWith("unavailable:");
  const deadline = Date.now() + UNAVAILABLE_RETRY.untilMs;
  let current = outcomes;
  while (current.some(unavailable) && Date.now() < deadline) {
    console.log(`after restart: ${current.filter(unavailable).length} adds answered unavailable; pressing again`);
    await new Promise((r) => setTimeout(r, UNAVAILABLE_RETRY.pauseMs));
    current = await Promise.all(current.map((o) => (unavailable(o) ? addOnce(config.url, id, o.shopper, o.productId) : o)));
  }
  return current;
}

/** A few shoppers add again after the restart; every add is acknowledged (pressed again while unavailable) and lands exactly once. */
async function addAfterRestart(config: ShopConfig, id: string, shoppers: Shopper[], before: Map<string, number>) {
  expect(shoppers.length, "some shoppers kept their cookie").toBeGreaterThan(0);
  const again = shoppers.map((shopper) => ({ ...shopper, plan: [...shopper.plan.slice(0, 3), PRODUCT_IDS[0], PRODUCT_IDS[1]] }));
  const outcomes = await pressAgainWhileUnavailable(config, id, await runShoppers(config.url, id, again));
  expect(failuresOf(outcomes)).toEqual([]);

  const now = quantities(await cartLinesOf(config.store));
  const mismatches: string[] = [];
  for (const [key, line] of tally(outcomes)) {
    const was = before.get(key) ?? 0;
    if (now.get(key) !== was + line.acknowledged) mismatches.push(`${key}: ${now.get(key)} != ${was} + ${line.acknowledged}`);
    const expectedCreated = was === 0 ? 1 : 0;
    if (line.created !== expectedCreated) mismatches.push(`${key}: created ${line.created} times, expected ${expectedCreated}`);
  }
  expect(mismatches).toEqual([]);
}
