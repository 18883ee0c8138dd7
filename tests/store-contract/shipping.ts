import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { DEFAULT_SHIPPING_ZONES, type ShippingZone } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const ADMIN = "admin@example.com";

const canada: ShippingZone = { id: "ca", name: "Canada", country: "CA", regions: [], rateCents: 2000, freeOverCents: 15000 };

/** The operator's shipping zones: the defaults, a save with its revision, a stale save refused, a bad list refused. */
export function shippingContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("shipping zones", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("holds the default zones at revision 0 until the operator saves", async () => {
      assert.deepEqual(await store.getShippingZones(), { zones: DEFAULT_SHIPPING_ZONES, revision: 0 });
    });

    it("saves a list at the next revision, which another instance reads", async () => {
      const zones = [...DEFAULT_SHIPPING_ZONES, canada];
      assert.deepEqual(await store.setShippingZones(zones, 0, ADMIN), { zones, revision: 1 });
      const second = await openSecond(store);
      try {
        assert.deepEqual(await second.getShippingZones(), { zones, revision: 1 });
      } finally {
        await second.close();
      }
      const cheaper = zones.map((zone) => (zone.id === "ca" ? { ...zone, rateCents: 1000 } : zone));
      assert.deepEqual(await store.setShippingZones(cheaper, 1, ADMIN), { zones: cheaper, revision: 2 });
      assert.deepEqual(await store.getShippingZones(), { zones: cheaper, revision: 2 });
    });

    it("refuses a save from a stale revision and keeps the newer list", async () => {
      const first = await store.setShippingZones([canada], 0, ADMIN);
      await rejectsWith(store.setShippingZones([...DEFAULT_SHIPPING_ZONES], 0, "other@example.com"), "conflict");
      await rejectsWith(store.setShippingZones([...DEFAULT_SHIPPING_ZONES], 5, ADMIN), "conflict");
      assert.deepEqual(await store.getShippingZones(), first);
    });

    it("lets one of two simultaneous saves from the same revision through", async () => {
      const attempts = await Promise.allSettled([
        store.setShippingZones([canada], 0, ADMIN),
        store.setShippingZones([{ ...canada, rateCents: 1 }], 0, "other@example.com"),
      ]);
      assert.equal(attempts.filter((a) => a.status === "fulfilled").length, 1);
      assert.equal((await store.getShippingZones()).revision, 1);
    });

    it("refuses a bad list as invalid input and changes nothing", async () => {
      const bad: unknown[] = [
        [],
        [{ ...canada, rateCents: -1 }],
        [{ ...canada, rateCents: 1.5 }],
        [{ ...canada, freeOverCents: -5 }],
        [{ ...canada, country: "Canada" }],
        [{ ...canada, regions: ["ON"] }],
        [{ ...DEFAULT_SHIPPING_ZONES[1], regions: ["AK", "XX"] }],
        [{ ...DEFAULT_SHIPPING_ZONES[1], regions: ["AK", "AK"] }],
        [canada, { ...canada, id: "ca-2" }],
        [canada, { ...canada, name: "Canada again" }],
        [DEFAULT_SHIPPING_ZONES[1], { ...DEFAULT_SHIPPING_ZONES[1], id: "hawaii", regions: ["HI"] }],
        [{ ...canada, name: "" }],
        [{ ...canada, extra: 1 }],
        "zones",
      ];
      for (const zones of bad) {
        await rejectsWith(store.setShippingZones(zones as ShippingZone[], 0, ADMIN), "invalid_input");
      }
      await rejectsWith(store.setShippingZones([canada], -1, ADMIN), "invalid_input");
      await rejectsWith(store.setShippingZones([canada], 0, ""), "invalid_input");
      assert.deepEqual(await store.getShippingZones(), { zones: DEFAULT_SHIPPING_ZONES, revision: 0 });
    });
  });
}
