/**
 * The validation door (validating-store.ts) of the sales figures and the
 * dashboard's settings: days that are real and run forward, at most
 * SALES_DAYS_MAX of them; a level and a limit in range; settings by their schema.
 */
import { StoreError } from "./contract/errors";
import { changedBySchema, listLimitSchema, revisionSchema } from "./contract/fields";
import { backfillPageSizeSchema } from "./contract/catalog-store";
import { parseOrThrow } from "./contract/parse";
import {
  dashboardSettingsSchema,
  lowStockAtSchema,
  salesDaySchema,
  SALES_DAYS_MAX,
  type DashboardSettingsStore,
  type SalesStore,
} from "./contract/sales";
import type { Store } from "./contract/store";

const DAY_MS = 86_400_000;

export function salesDoor(inner: Store): SalesStore & DashboardSettingsStore {
  const day = (value: unknown, name: string) => parseOrThrow(salesDaySchema, value, name);
  return {
    readSalesDays: async (fromValue, toValue) => {
      const [from, to] = [day(fromValue, "from"), day(toValue, "to")];
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      if (days < 1 || days > SALES_DAYS_MAX) {
        throw new StoreError("invalid_input", `The days must run forward, at most ${SALES_DAYS_MAX} of them`, { to: "out of range" });
      }
      return inner.readSalesDays(from, to);
    },
    countOrdersWaiting: () => inner.countOrdersWaiting(),
    listLowStock: async (atMost, limit) =>
      inner.listLowStock(parseOrThrow(lowStockAtSchema, atMost, "low-stock level"), parseOrThrow(listLimitSchema, limit, "limit")),
    countUncountedOrders: async (pageSize) =>
      inner.countUncountedOrders(pageSize === undefined ? undefined : parseOrThrow(backfillPageSizeSchema, pageSize, "page size")),
    getDashboardSettings: () => inner.getDashboardSettings(),
    setDashboardSettings: async (value, expected, by) =>
      inner.setDashboardSettings(
        parseOrThrow(dashboardSettingsSchema, value, "dashboard settings"),
        parseOrThrow(revisionSchema, expected, "revision"),
        parseOrThrow(changedBySchema, by, "who made the change"),
      ),
  };
}
